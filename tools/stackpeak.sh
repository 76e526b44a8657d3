#!/bin/sh
# The deepest stack each query reaches on a few pairs, for the core at REF
# (default main) and for the working tree's; not part of CI.
#   sh tools/stackpeak.sh [REF]
set -e
ref=${1:-main}
out=build/stackpeak
rm -rf "$out" && mkdir -p "$out/old"
git archive "$ref" src | tar -x -C "$out/old"
flags="-std=c99 -O2 -fPIC -ffp-contract=off -shared"
# The core's sources as each Makefile lists them (CORE_SRC), without src/.
core_of() { sed -n 's/^CORE_SRC *:= *//p' | sed 's|src/||g'; }
old_core=$(git show "$ref:Makefile" | core_of)
new_core=$(core_of <Makefile)
(cd "$out/old/src" && ${CC:-cc} $flags -o ../../old.so $old_core -lm)
(cd src && ${CC:-cc} $flags -o ../$out/new.so $new_core -lm)
${CC:-cc} -std=c99 -O0 -o "$out/stackpeak" tools/stackpeak.c -ldl -lm
echo "$ref:"; "$out/stackpeak" "$out/old.so"
echo "working tree:"; "$out/stackpeak" "$out/new.so"
