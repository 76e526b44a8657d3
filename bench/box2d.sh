#!/bin/sh
# A C benchmark against Box2D v3, built with the core and Box2D's own sources:
#   sh bench/box2d.sh toi BOX2D_GIT_DIR       c2d_sweep_turning against b2TimeOfImpact (bench/toi.c)
#   sh bench/box2d.sh manifold BOX2D_GIT_DIR  c2d_manifolds against b2CollidePolygons (bench/manifold.c)
# Run from the project's root; BOX2D_GIT_DIR is a bare git directory of
# github:erincatto/box2d. They only measure (ns per call, and how the answers
# compare). EXTRA_FLAGS adds compiler flags (for perf: "-fno-omit-frame-pointer
# -g"); KEEP=FILE keeps the built benchmark there to run again under perf.
set -e
name=${1:?toi or manifold}
b2=${2:?box2d git dir}
[ -f "bench/$name.c" ] || { echo "no bench/$name.c" >&2; exit 2; }
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
mkdir -p "$w/box2d" "$w/obj"
git --git-dir="$b2" archive HEAD include src | tar -x -C "$w/box2d"
echo "box2d $(git --git-dir="$b2" log -1 --format='%h %cs')" >&2
CC=${CC:-gcc}; FLAGS="-O2 -DNDEBUG -ffp-contract=off ${EXTRA_FLAGS:-}"
for f in $(sed -n 's/^CORE_SRC *:= *//p' Makefile); do
  $CC -std=c99 $FLAGS -Isrc -c "$f" -o "$w/obj/c2d_$(basename "$f" .c).o"
done
for f in geometry distance hull math_functions aabb core manifold; do
  $CC -std=gnu17 $FLAGS -I"$w/box2d/include" -I"$w/box2d/src" -c "$w/box2d/src/$f.c" -o "$w/obj/b2_$f.o"
done
$CC -std=gnu17 $FLAGS -Wall -Isrc -I"$w/box2d/include" -c "bench/$name.c" -o "$w/obj/$name.o"
$CC "$w"/obj/*.o -lm -o "$w/$name"
"$w/$name"; [ -n "$KEEP" ] && cp "$w/$name" "$KEEP"
