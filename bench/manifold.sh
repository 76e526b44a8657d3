#!/bin/sh
# c2d_manifolds against Box2D v3's b2CollidePolygons (bench/manifold.c).
#   bench/manifold.sh BOX2D_GIT_DIR
# Run from the project's root; BOX2D_GIT_DIR is a bare git directory of
# github:erincatto/box2d. It only measures (ns per call, agreement).
set -e
b2=${1:?box2d git dir}
root=$(pwd)
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
mkdir -p "$w/box2d" "$w/obj"
git --git-dir="$b2" archive HEAD include src | tar -x -C "$w/box2d"
echo "box2d $(git --git-dir="$b2" log -1 --format='%h %cs')" >&2
CC=${CC:-gcc}; FLAGS="-O2 -DNDEBUG -ffp-contract=off"
for f in $(sed -n 's/^CORE_SRC *:= *//p' Makefile); do
  $CC -std=c99 $FLAGS -Isrc -c "$f" -o "$w/obj/c2d_$(basename "$f" .c).o"
done
for f in geometry distance hull math_functions aabb core manifold; do
  $CC -std=gnu17 $FLAGS -I"$w/box2d/include" -I"$w/box2d/src" -c "$w/box2d/src/$f.c" -o "$w/obj/b2_$f.o"
done
$CC -std=gnu17 $FLAGS -Wall -Isrc -I"$w/box2d/include" -c bench/manifold.c -o "$w/obj/manifold.o"
$CC "$w"/obj/*.o -lm -o "$w/manifold"
"$w/manifold"
