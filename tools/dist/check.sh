#!/bin/sh
# make dist-check: what the README promises a game that copies the dist folder.
#   check.sh build/dist/collide2d-<version>.zip build/windows-x64/dll_check.exe
# 1. The Windows DLL imports only system DLLs at load time (lua51.dll is
#    delay-loaded), and under wine a C program with no Lua loads it and gets
#    the right answers from its core.
#    With WIN_LUAJIT=dir, a Windows LuaJIT under wine loads it as a Lua module,
#    and the determinism corpus (tools/determinism.lua) run there under both
#    backends must hash as it does here with the Linux x86_64 build.
# 2. Headless LÖVE games (tools/dist/game) holding the unzipped folder load
#    collide2d, collide2d.draw and collide2d.bump and get answers, each from
#    the library file the README says: as a folder, as a .love (a copy in the
#    save directory, a stale copy there replaced), fused, and with a .love
#    holding only the Lua files and the library next to the .love or the
#    executable, or in the save directory.
set -eu
zip=$1; exe=$2
root=$(pwd)
work=$root/build/dist-check
rm -rf "$work" && mkdir -p "$work"
unzip -q "$zip" -d "$work/unzipped"
folder=$work/unzipped/collide2d
failed=0
fail() { echo "FAIL $*"; failed=1; }

echo "== the Windows DLL"
imports=$(x86_64-w64-mingw32-objdump -p "$folder/windows-x64/collide2d.dll" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr '\n' ' ')
echo "load-time imports: $imports"
case $imports in
  *lua51*) fail "lua51.dll is a load-time import (it must be delay-loaded)" ;;
esac
for dll in $imports; do
  case $dll in
    KERNEL32.dll|msvcrt.dll) ;;
    *) fail "unexpected load-time import $dll" ;;
  esac
done
# A throwaway wine prefix under build/ (kept between runs: making one takes ~10 s).
mkdir -p "$root/build/wine"
cp "$exe" "$folder/windows-x64/collide2d.dll" "$work/"
( cd "$work" && WINEPREFIX="$root/build/wine/prefix" WINEDEBUG=-all WINEDLLOVERRIDES='mscoree=;mshtml=' \
    timeout 300 wine "$(basename "$exe")" collide2d.dll 2>/dev/null ) || fail "dll_check under wine"
# win DIR PROGRAM ARGS...: the output of a Windows program run under wine in
# DIR, with Unix line ends (its errors go to $work/wine.log).
win() {
  dir=$1; shift
  ( cd "$dir" && WINEPREFIX="$root/build/wine/prefix" WINEDEBUG=-all WINEDLLOVERRIDES='mscoree=;mshtml=' \
      timeout 300 wine "$@" 2>>"$work/wine.log" ) | tr -d '\r'
}

# With WIN_LUAJIT=dir (a Windows build of LuaJIT: luajit.exe and lua51.dll;
# tools/dist/win_luajit.sh builds one), the folder as a Lua module under it,
# as a LÖVE game on Windows loads it; then the determinism corpus there.
if [ -n "${WIN_LUAJIT:-}" ]; then
  mkdir -p "$work/windows-lua"
  cp "$WIN_LUAJIT/luajit.exe" "$WIN_LUAJIT/lua51.dll" tools/dist/windows_check.lua tools/determinism.lua "$work/windows-lua/"
  cp -r "$folder" "$work/windows-lua/"
  out=$(win "$work/windows-lua" luajit.exe windows_check.lua)
  echo "$out"
  [ "$out" = "windows lua: ok" ] || fail "the DLL as a Lua module under Windows LuaJIT (log: $work/wine.log)"

  echo "== Windows x86_64: the determinism corpus (wine)"
  make -s LUA=luajit build/luajit/collide2d.so
  here=$(LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/luajit/?.so;;' luajit tools/determinism.lua 2>&1)
  printf '%-24s %s\n' "linux-x64 luajit" "$here"
  for backend in ffi capi; do
    there=$(COLLIDE2D_BACKEND=$backend LUA_PATH='.\?.lua;.\?\init.lua;;' win "$work/windows-lua" luajit.exe determinism.lua)
    printf '%-24s %s\n' "windows-x64 luajit-$backend" "$there"
    [ "$there" = "$here" ] || fail "the corpus answers differently on Windows ($backend; log: $work/wine.log)"
  done
else
  echo "(WIN_LUAJIT not set: the DLL's Lua half is not run)"
fi

echo "== LÖVE games holding the dist folder"
# run NAME EXPECTED_LIBRARY COMMAND...: the game must pass and report that library.
run() {
  name=$1; expect=$2; shift 2
  out=$(cd / && XDG_DATA_HOME="$work/xdg-$name" XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp} timeout 60 "$@" 2>&1) || true
  lib=$(echo "$out" | sed -n 's/^library: //p')
  if echo "$out" | grep -q '^dist game: ok$' && [ "$lib" = "$expect" ]; then
    echo "ok    $name: $lib"
  else
    fail "$name (expected the library $expect)"
    echo "$out" | sed 's/^/      /'
  fi
}
save=collide2d-dist-check   # the game's identity (tools/dist/game/conf.lua)

# The folder game: the dist folder copied next to main.lua.
mkdir -p "$work/folder"
cp tools/dist/game/*.lua "$work/folder/" && cp -r "$folder" "$work/folder/"
run folder "$work/folder/collide2d/linux-x64/collide2d.so" love "$work/folder"

# The same game zipped as a .love: the library is copied to the save directory.
mkdir -p "$work/love"
(cd "$work/folder" && zip -qr "$work/love/game.love" .)
run love "$work/xdg-love/love/$save/collide2d-linux-x64.so" love "$work/love/game.love"
# A stale copy there (an older game's) is replaced.
echo stale >"$work/xdg-love/love/$save/collide2d-linux-x64.so"
mv "$work/xdg-love" "$work/xdg-love-stale"
run love-stale "$work/xdg-love-stale/love/$save/collide2d-linux-x64.so" love "$work/love/game.love"

# Fused (the .love appended to the love executable): the same copy, in a fused
# game's save directory.
cat "$(command -v love)" "$work/love/game.love" >"$work/love/game" && chmod +x "$work/love/game"
run fused "$work/xdg-fused/$save/collide2d-linux-x64.so" "$work/love/game"

# A .love holding only the Lua files, the library next to it, then next to the
# fused executable, then in the save directory.
mkdir -p "$work/lean/game/collide2d" "$work/lean-save"
cp tools/dist/game/*.lua "$work/lean/game/" && cp "$folder"/*.lua "$work/lean/game/collide2d/"
(cd "$work/lean/game" && zip -qr "$work/lean/game.love" .)
cp "$folder/linux-x64/collide2d.so" "$work/lean/"
run beside-love "$work/lean/collide2d.so" love "$work/lean/game.love"
cat "$(command -v love)" "$work/lean/game.love" >"$work/lean/fused" && chmod +x "$work/lean/fused"
run beside-fused "$work/lean/collide2d.so" "$work/lean/fused"
cp "$work/lean/game.love" "$work/lean-save/"
mkdir -p "$work/xdg-save-directory/love/$save" && cp "$folder/linux-x64/collide2d.so" "$work/xdg-save-directory/love/$save/"
run save-directory "$work/xdg-save-directory/love/$save/collide2d.so" love "$work/lean-save/game.love"

[ $failed = 0 ] && echo "dist-check: all passed" || { echo "dist-check: FAILED"; exit 1; }
