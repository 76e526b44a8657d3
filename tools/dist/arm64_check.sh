#!/bin/sh
# make dist-check, Linux arm64: the zip's linux-arm64/collide2d.so run here
# under qemu-user, by an arm64 LuaJIT (Debian's arm64 packages, unpacked into
# build/arm64/sysroot-luajit; the arm64 architecture is added to apt when
# missing, as root).
#   arm64_check.sh FOLDER    (the unzipped collide2d/ folder)
# 1. Structure: an AArch64 shared object that exports luaopen_collide2d and
#    the core's c2d_* functions, and leaves undefined only Lua's API (lua_*,
#    luaL_*) and the C library's and libm's functions.
# 2. The spec suite, through the folder's own init.lua (its locator finds
#    linux-arm64/, as in a LÖVE game), with the FFI front end. The specs that
#    start other programs or read build products of this machine are left
#    out (backend, locator, build, docs). LuaJIT runs with its JIT off: the
#    arm64 JIT of the LuaJIT Debian ships fuses a * b + c in compiled Lua
#    code into one rounding, so the specs' own Lua arithmetic (their
#    oracles, their random shapes) would not be the numbers they are on
#    x86_64; the library's answers come from its C core either way.
# 3. The determinism corpus under both backends hashes as on this machine.
set -eu
folder=$1
root=$(pwd)
out=$root/build/arm64
sys=$out/sysroot-luajit
failed=0
fail() { echo "FAIL $*"; failed=1; }

echo "== Linux arm64: the library's structure"
so=$folder/linux-arm64/collide2d.so
machine=$(readelf -h "$so" | sed -n 's/^ *Machine: *//p')
echo "machine: $machine"
[ "$machine" = "AArch64" ] || fail "linux-arm64/collide2d.so is not an AArch64 object"
exports=$(readelf --dyn-syms -W "$so" | awk '$7 != "UND" && $5 == "GLOBAL" && $4 == "FUNC" { print $8 }')
echo "$exports" | grep -qx luaopen_collide2d || fail "luaopen_collide2d is not exported"
for f in $(sed -n 's/^[a-z_].*[ *]\(c2d_[a-z0-9_]*\)(.*/\1/p' "$root/src/collide2d.h"); do
  echo "$exports" | grep -qx "$f" || fail "$f is not exported"
done
undefined=$(readelf --dyn-syms -W "$so" | awk '$7 == "UND" && $8 != "" { sub(/@.*/, "", $8); print $8 }' | sort -u)
strange=$(echo "$undefined" | grep -v -e '^luaL\?_' -e '^__' -e '^_ITM_' -e '^_Jv_' \
  -e '^\(sqrt\|floor\|ceil\|fabs\|fmod\|ldexp\|frexp\|ilogb\|nextafter\|sin\|cos\|atan2\|atan\|acos\|asin\|exp\|log\|pow\|round\|trunc\|hypot\|copysign\|scalbn\|fmax\|fmin\|modf\|sincos\)$' \
  -e '^\(malloc\|calloc\|realloc\|free\|memcpy\|memmove\|memset\|memcmp\|strlen\|strcmp\|strncmp\|strchr\|strstr\|strcpy\|snprintf\|sprintf\|abort\|qsort\|getenv\|strtod\|abs\)$' || true)
echo "undefined: $(echo "$undefined" | wc -l) symbols"
[ -z "$strange" ] || fail "undefined symbols beyond Lua's and the C library's: $(echo $strange)"

echo "== Linux arm64: the specs under qemu (arm64 LuaJIT, JIT off)"
if [ ! -x "$sys/usr/bin/luajit" ]; then
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then dpkg --add-architecture arm64; apt-get update -qq; fi
  mkdir -p "$out/debs-luajit" "$sys"
  (cd "$out/debs-luajit" && apt-get download -qq luajit:arm64 libluajit-5.1-2:arm64 lua-filesystem:arm64 \
    lua-system:arm64 lua-term:arm64 2>/dev/null)
  for f in "$out"/debs-luajit/*.deb; do dpkg -x "$f" "$sys"; done
fi
work=$root/build/dist-check/arm64
rm -rf "$work" && mkdir -p "$work/lua"
cp -r "$folder" "$work/lua/"
for d in spec tools docs rockspec library src examples .busted; do ln -s "$root/$d" "$work/$d"; done
arm64() {
  QEMU_LD_PREFIX=/usr/aarch64-linux-gnu LD_LIBRARY_PATH="$sys/usr/lib/aarch64-linux-gnu" \
    LUA_PATH="lua/?.lua;lua/?/init.lua;spec/?.lua;/usr/share/lua/5.1/?.lua;/usr/share/lua/5.1/?/init.lua" \
    LUA_CPATH="$sys/usr/lib/aarch64-linux-gnu/lua/5.1/?.so" qemu-aarch64 "$sys/usr/bin/luajit" -joff "$@"
}
specs=$(cd "$root" && ls spec/*_spec.lua | grep -v -e backend_spec -e locator_spec -e build_spec -e docs_spec)
(cd "$work" && arm64 tools/busted.lua $specs) >"$work/specs.log" 2>&1 || fail "the specs under qemu (log: $work/specs.log)"
tail -1 "$work/specs.log"

echo "== Linux arm64: the determinism corpus"
make -s LUA=luajit build/luajit/collide2d.so
here=$(LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/luajit/?.so;;' luajit tools/determinism.lua)
echo "x86_64 (LuaJIT)              $here"
for backend in "" capi; do
  arm=$(cd "$work" && COLLIDE2D_BACKEND=$backend arm64 tools/determinism.lua 2>&1)
  printf 'arm64 (LuaJIT %-4s, qemu)    %s\n' "${backend:-ffi}" "$arm"
  [ "$arm" = "$here" ] || fail "the corpus answers differently on arm64 (${backend:-ffi})"
done

[ $failed = 0 ] && echo "dist-check arm64: all passed" || { echo "dist-check arm64: FAILED"; exit 1; }
