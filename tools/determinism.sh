#!/bin/sh
# make determinism: tools/determinism.lua under every runtime and backend
# named (LuaJIT twice: the FFI front end and the C API binding, as
# "luajit-capi"), each against its build in build/<runtime>; prints each
# one's count of answers and hash, and fails unless all are the same.
#   sh tools/determinism.sh lua5.1 lua5.4 luajit luajit-capi
first=""; status=0
for lua in "$@"; do
  case $lua in
    *-capi) rt=${lua%-capi}; backend=capi ;;
    *) rt=$lua; backend= ;;
  esac
  make -s LUA="$rt" "build/$rt/collide2d.so" >/dev/null || { echo "determinism: cannot build for $rt"; exit 1; }
  out=$(COLLIDE2D_BACKEND=$backend LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH="build/$rt/?.so;;" "$rt" tools/determinism.lua 2>&1)
  printf '%-12s %s\n' "$lua" "$out"
  case $out in
    *[!0-9a-f\ ]*|"") status=1; continue ;; # (an error, not "<count> <hash>")
  esac
  if [ -z "$first" ]; then first=$out
  elif [ "$out" != "$first" ]; then status=1; fi
done
if [ $status -eq 0 ]; then echo "determinism: the same answers on every runtime ($first)"
else echo "determinism: the runtimes answer differently"; fi
exit $status
