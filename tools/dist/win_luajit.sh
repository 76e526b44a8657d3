#!/bin/sh
# A Windows x86_64 LuaJIT for make dist-check WIN_LUAJIT=dir: cross-builds
# luajit.exe and lua51.dll with mingw-w64 from a LuaJIT source tree (the v2.1
# branch, the LuaJIT LÖVE ships on Windows) and puts them, with LuaJIT's
# jit/*.lua modules, in OUT_DIR. The source tree is not changed (it is built
# in a copy under OUT_DIR/build).
#   sh tools/dist/win_luajit.sh SRC_DIR OUT_DIR
#   make dist-check WIN_LUAJIT=OUT_DIR
# Needs gcc and x86_64-w64-mingw32-gcc (tools/deps.sh luajit dist installs
# them). The source tree: a clone or an unpacked archive of LuaJIT (a tree
# from git archive or a release tarball carries its version in .relver).
set -eu
[ $# -eq 2 ] || { echo "usage: sh tools/dist/win_luajit.sh SRC_DIR OUT_DIR" >&2; exit 2; }
src=$1; out=$2
[ -f "$src/src/luajit.c" ] || { echo "win_luajit.sh: $src is not a LuaJIT source tree" >&2; exit 1; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -rf "$out/build" && mkdir -p "$out/build"
cp -R "$src/." "$out/build/"
make -C "$out/build" -j2 HOST_CC=gcc CROSS=x86_64-w64-mingw32- TARGET_SYS=Windows >"$out/build.log" 2>&1 ||
  { tail -20 "$out/build.log"; echo "win_luajit.sh: the build failed (log: $out/build.log)" >&2; exit 1; }
cp "$out/build/src/luajit.exe" "$out/build/src/lua51.dll" "$out/"
rm -rf "$out/lua" && mkdir -p "$out/lua/jit"
cp "$out/build/src/jit/"*.lua "$out/lua/jit/"
echo "$out: luajit.exe lua51.dll ($(sed -n 's/^#define LUAJIT_VERSION[ \t]*"\(.*\)"/\1/p' "$out/build/src/luajit.h" 2>/dev/null || true))"
