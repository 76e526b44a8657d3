#!/bin/sh
# Install what `make` needs for one runtime when it is missing (Debian packages).
#   deps.sh RUNTIME build   the runtime's headers and a C compiler
#   deps.sh RUNTIME test    also the interpreter and busted
lua=$1; what=$2
case $lua in
  luajit) hdr=/usr/include/luajit-2.1/lua.h; pkgs="luajit libluajit-5.1-dev" ;;
  lua5.1) hdr=/usr/include/lua5.1/lua.h;     pkgs="lua5.1 liblua5.1-0-dev" ;;
  lua5.*) hdr=/usr/include/$lua/lua.h;       pkgs="$lua lib$lua-dev" ;;
  *) echo "deps.sh: unknown runtime '$lua' (lua5.1 lua5.2 lua5.3 lua5.4 luajit)" >&2; exit 2 ;;
esac
missing=""
[ -f "$hdr" ] || missing="$pkgs"
command -v cc >/dev/null 2>&1 || missing="$missing gcc"
if [ "$what" = test ]; then
  command -v "$lua" >/dev/null 2>&1 || missing="$missing $pkgs"
  "$lua" -e 'require "busted.runner"' >/dev/null 2>&1 || missing="$missing lua-busted"
fi
[ -z "$missing" ] && exit 0
missing=$(echo $missing | tr ' ' '\n' | sort -u | tr '\n' ' ')
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing: $missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq $missing >/dev/null || {
    echo "apt-get install failed; install by hand: $missing" >&2; exit 1; }
else
  echo "missing packages; as root run: apt-get install -y $missing" >&2
  exit 1
fi
