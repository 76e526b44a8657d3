#!/bin/sh
# Differential check: the C core at OLD_REF (default main) against the working
# tree, on PAIRS random pairs (default 1000000), answers compared bit for bit.
# Not part of CI; prints counts of disagreements (the target is 0).
#   sh tools/diffcheck.sh [OLD_REF] [PAIRS] [SEED]   (DIFFCHECK_SHOW=n: show n disagreements, 10 by default)
set -e
ref=${1:-main}
pairs=${2:-1000000}
seed=${3:-1}
out=build/diffcheck
rm -rf "$out" && mkdir -p "$out/old"
git archive "$ref" src | tar -x -C "$out/old"
flags="-std=c99 -O2 -fPIC -ffp-contract=off -shared"
# The core's sources as each Makefile lists them (CORE_SRC), without src/.
core_of() { sed -n 's/^CORE_SRC *:= *//p' | sed 's|src/||g'; }
old_core=$(git show "$ref:Makefile" | core_of)
new_core=$(core_of <Makefile)
(cd "$out/old/src" && ${CC:-cc} $flags -o ../../old.so $old_core -lm)
(cd src && ${CC:-cc} $flags -o ../$out/new.so $new_core -lm)
${CC:-cc} -std=c99 -O2 -o "$out/diffcheck" tools/diffcheck.c -ldl -lm
"$out/diffcheck" "$out/old.so" "$out/new.so" "$pairs" "$seed"
