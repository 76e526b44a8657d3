#!/bin/sh
# make determinism-arm64: tools/determinism.lua on Linux arm64, run here
# under qemu, against the same corpus on this machine's Lua 5.4: the module
# cross-built with aarch64-linux-gnu-gcc (the Makefile's warnings and
# floating-point flags), Debian's arm64 Lua 5.4 unpacked from its packages
# into build/arm64/sysroot. Installs what is missing (root, Debian: adds the
# arm64 architecture to apt). Not part of CI (the arm64 packages are a large
# download); prints both hashes and fails unless they agree.
set -e
cd "$(dirname "$0")/.."
out=build/arm64
need=""
command -v aarch64-linux-gnu-gcc >/dev/null || need="$need gcc-aarch64-linux-gnu"
command -v qemu-aarch64 >/dev/null || need="$need qemu-user"
if ! dpkg --print-foreign-architectures | grep -qx arm64; then dpkg --add-architecture arm64; apt-get update -qq; fi
if [ -n "$need" ]; then apt-get install -y -qq $need >/dev/null; fi
mkdir -p "$out/debs" "$out/sysroot" "$out/inc" "$out/mod"
if [ ! -x "$out/sysroot/usr/bin/lua5.4" ]; then
  (cd "$out/debs" && apt-get download -qq lua5.4:arm64 liblua5.4-0:arm64 libreadline8:arm64 libtinfo6:arm64 2>/dev/null)
  for f in "$out"/debs/*.deb; do dpkg -x "$f" "$out/sysroot"; done
fi
# (Debian's lua.h includes a header that names the multiarch triplet; any will do for a module)
cp /usr/include/*/lua5.4-deb-multiarch.h "$out/inc/" 2>/dev/null || echo '#define DEB_HOST_MULTIARCH "aarch64-linux-gnu"' >"$out/inc/lua5.4-deb-multiarch.h"
srcs=$(make -s print-sources)
aarch64-linux-gnu-gcc -std=c99 -O2 -fPIC -ffp-contract=off -Wall -Wextra -pedantic -Werror \
  -I/usr/include/lua5.4 -I"$out/inc" -shared -o "$out/mod/collide2d.so" $srcs -lm
make -s LUA=lua5.4 build/lua5.4/collide2d.so
here=$(LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/lua5.4/?.so;;' lua5.4 tools/determinism.lua)
lib="$out/sysroot/usr/lib/aarch64-linux-gnu:$out/sysroot/lib/aarch64-linux-gnu"
arm=$(QEMU_LD_PREFIX=/usr/aarch64-linux-gnu LD_LIBRARY_PATH="$lib" LUA_PATH='lua/?.lua;lua/?/init.lua;;' \
  LUA_CPATH="$out/mod/?.so;;" qemu-aarch64 "$out/sysroot/usr/bin/lua5.4" tools/determinism.lua)
printf 'x86_64 (Lua 5.4)        %s\narm64 (Lua 5.4, qemu)   %s\n' "$here" "$arm"
[ "$here" = "$arm" ] && echo "determinism: the same answers on arm64" && exit 0
echo "determinism: arm64 answers differently"; exit 1
