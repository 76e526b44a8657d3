#!/bin/sh
# make dist-check, macOS: the zip's osx-arm64/ and osx-x64/ libraries, which
# cannot run here, checked for their structure (llvm-objdump, llvm-nm):
#   macos_check.sh FOLDER    (the unzipped collide2d/ folder)
# Each must be a Mach-O shared library of its architecture, for macOS 11
# (arm64) or 10.13 (x86_64) and later; export luaopen_collide2d and every
# c2d_* function of collide2d.h; load no library but libSystem; and leave
# undefined only Lua's API (lua_*, luaL_*, which the process that loads it
# provides: LÖVE's LuaJIT) and the C library's functions.
set -eu
folder=$1
root=$(pwd)
failed=0
fail() { echo "FAIL $*"; failed=1; }
check() {
  platform=$1 cpu=$2 minos=$3
  so=$folder/$platform/collide2d.so
  echo "== macOS: $platform/collide2d.so"
  [ -f "$so" ] || { fail "$platform/collide2d.so is missing"; return; }
  header=$(llvm-objdump --macho --private-header "$so")
  echo "$header" | grep -q "MH_MAGIC_64 *$cpu .*DYLIB" || fail "$platform: not a 64-bit $cpu Mach-O library"
  loads=$(llvm-objdump --macho --private-headers "$so")
  echo "$loads" | grep -A4 -e LC_BUILD_VERSION -e LC_VERSION_MIN_MACOSX | grep -q -e "minos $minos" -e "version $minos" ||
    fail "$platform: not built for macOS $minos"
  dylibs=$(llvm-objdump --macho --dylibs-used "$so" | sed -n 's/^[[:space:]]*\([^ ]*\) (compat.*/\1/p' | grep -v -x collide2d.so || true)
  echo "libraries: $(echo $dylibs)"
  [ "$dylibs" = /usr/lib/libSystem.B.dylib ] || fail "$platform: loads more than libSystem: $(echo $dylibs)"
  exports=$(llvm-nm -g --defined-only "$so" | awk '$2 == "T" { print $3 }')
  echo "$exports" | grep -qx _luaopen_collide2d || fail "$platform: luaopen_collide2d is not exported"
  for f in $(sed -n 's/^[a-z_].*[ *]\(c2d_[a-z0-9_]*\)(.*/\1/p' "$root/src/collide2d.h"); do
    echo "$exports" | grep -qx "_$f" || fail "$platform: $f is not exported"
  done
  undefined=$(llvm-nm -u "$so" | sort -u)
  strange=$(echo "$undefined" | grep -v -e '^_luaL\?_' -e '^___' -e '^__availability_version_check$' -e '^_sys_icache_invalidate$' -e '^dyld_stub_binder$' \
    -e '^_\(sqrt\|floor\|ceil\|fabs\|fmod\|ldexp\|frexp\|ilogb\|nextafter\|sin\|cos\|atan2\|atan\|acos\|asin\|exp\|log\|pow\|round\|trunc\|hypot\|copysign\|scalbn\|fmax\|fmin\|modf\)$' \
    -e '^_\(malloc\|calloc\|realloc\|free\|memcpy\|memmove\|memset\|memcmp\|bzero\|strlen\|strcmp\|strncmp\|strchr\|strstr\|strcpy\|snprintf\|sprintf\|abort\|qsort\|bsearch\|getenv\|strtod\|abs\|tolower\)$' || true)
  echo "undefined: $(echo "$undefined" | wc -l) symbols"
  [ -z "$strange" ] || fail "$platform: undefined symbols beyond Lua's and the C library's: $(echo $strange)"
}
check osx-arm64 ARM64 11.0
check osx-x64 X86_64 10.13
[ "$failed" = 0 ] && echo "macOS libraries: ok (structure only: not run here)"
exit "$failed"
