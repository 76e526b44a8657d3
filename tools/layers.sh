#!/bin/sh
# The core in layers: each core file may call functions of its own layer and
# of the layers below it, never above. Compiles every file of CORE_SRC (the
# Makefile's list) to an object, reads what each defines and what it calls
# (nm), and fails on each call up a layer, printed as "file -> file: function".
#   sh tools/layers.sh          (in make check)
set -e
cd "$(dirname "$0")/.."

# Lowest first. A core file missing from this table fails the check.
layers='
1 shapes:   shape hull sort exact trig body decompose transform compound_shape tile_shape mass
2 convex:   gjk features overlap query contact first_touch sweep raycast
3 pairs:    dispatch compound_query compound_contact compound_regions tiles
4 derived:  covers turning turning_steps turning_pieces manifold clip push_back feature
5 world:    world world_query world_pairs world_move sight visibility sight_from navmesh navmesh_path controller bump bump_rect
6 flat:     flat
'

out=build/layers
rm -rf "$out" && mkdir -p "$out"
core=$(sed -n 's/^CORE_SRC *:= *//p' Makefile)
for f in $core; do
    ${CC:-cc} -std=c99 -O2 -ffp-contract=off -c -o "$out/$(basename "$f" .c).o" "$f"
done

layer_of() {
    printf '%s\n' "$layers" | awk -v f="$1" 'NF > 2 { for (i = 3; i <= NF; i++) if ($i == f) { print $1; exit } }'
}

status=0
: >"$out/defs"
: >"$out/uses"
for o in "$out"/*.o; do
    f=$(basename "$o" .o)
    l=$(layer_of "$f")
    if [ -z "$l" ]; then
        echo "layers: $f.c is in no layer (add it to the table in tools/layers.sh)"
        status=1
        continue
    fi
    nm "$o" | awk -v f="$f" -v l="$l" '$2 == "T" { print $3, f, l }' >>"$out/defs"
    nm "$o" | awk -v f="$f" -v l="$l" '$1 == "U" { print $2, f, l }' >>"$out/uses"
done

awk 'NR == FNR { file[$1] = $2; layer[$1] = $3; next }
     ($1 in file) && layer[$1] > $3 { print $2 " -> " file[$1] ": " $1 }' \
    "$out/defs" "$out/uses" | sort -u >"$out/up"
if [ -s "$out/up" ]; then
    echo "layers: calls up a layer (a file may call only its own layer and those below):"
    sed 's/^/  /' "$out/up"
    status=1
fi
if [ $status -eq 0 ]; then echo "layers: ok"; fi
exit $status
