#!/bin/sh
# Install what `make` needs for one runtime when it is missing (Debian packages).
#   deps.sh RUNTIME build   the runtime's headers and a C compiler
#   deps.sh RUNTIME test    also the interpreter and busted
#   deps.sh RUNTIME lint    luacheck alone (for make lint; no compiler, no runtime)
#   deps.sh RUNTIME check   also valgrind, gcc's ASan, clang with libFuzzer, llvm-cov
#   deps.sh RUNTIME tsan    also gcc's ThreadSanitizer (for make tsan-test)
#   deps.sh RUNTIME love    also LÖVE (for make love-test)
#   deps.sh RUNTIME xvfb    also a virtual display (for make love-shot)
#   deps.sh RUNTIME dist    also zip and the mingw-w64 and aarch64 cross compilers (for make dist)
#   deps.sh RUNTIME dist-check  also wine, unzip, LÖVE and qemu-user (for make dist-check)
#   deps.sh RUNTIME rock    also the interpreter, luarocks, git, zip and unzip (for make rock)
lua=$1; what=$2
case $lua in
  luajit) hdr=/usr/include/luajit-2.1/lua.h; pkgs="luajit libluajit-5.1-dev" ;;
  lua5.1) hdr=/usr/include/lua5.1/lua.h;     pkgs="lua5.1 liblua5.1-0-dev" ;;
  lua5.*) hdr=/usr/include/$lua/lua.h;       pkgs="$lua lib$lua-dev" ;;
  *) echo "deps.sh: unknown runtime '$lua' (lua5.1 lua5.2 lua5.3 lua5.4 luajit)" >&2; exit 2 ;;
esac
missing=""
if [ "$what" = lint ]; then
  command -v luacheck >/dev/null 2>&1 || missing="lua-check"
else
  [ -f "$hdr" ] || missing="$pkgs"
  command -v cc >/dev/null 2>&1 || missing="$missing gcc"
fi
if [ "$what" = test ] || [ "$what" = check ]; then
  command -v "$lua" >/dev/null 2>&1 || missing="$missing $pkgs"
  "$lua" -e 'require "busted.runner"' >/dev/null 2>&1 || missing="$missing lua-busted"
fi

# Can clang build a libFuzzer target (its runtime ships apart from clang).
fuzzer_links() {
  tmp=$(mktemp -d) || return 1
  printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; return (int)n * 0; }\n' >"$tmp/t.c"
  clang -fsanitize=fuzzer,address,undefined -o "$tmp/t" "$tmp/t.c" >/dev/null 2>&1; rc=$?
  rm -rf "$tmp"; return $rc
}
if [ "$what" = love ]; then
  command -v love >/dev/null 2>&1 || missing="$missing love"
fi
if [ "$what" = dist ] || [ "$what" = dist-check ]; then
  command -v zip >/dev/null 2>&1 || missing="$missing zip"
  command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || missing="$missing gcc-mingw-w64-x86-64"
  command -v x86_64-w64-mingw32-dlltool >/dev/null 2>&1 || missing="$missing binutils-mingw-w64-x86-64"
  command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || missing="$missing gcc-aarch64-linux-gnu"
fi
if [ "$what" = dist-check ]; then
  command -v wine >/dev/null 2>&1 || missing="$missing wine wine64"
  command -v unzip >/dev/null 2>&1 || missing="$missing unzip"
  command -v love >/dev/null 2>&1 || missing="$missing love"
  command -v qemu-aarch64 >/dev/null 2>&1 || missing="$missing qemu-user"
  command -v llvm-nm >/dev/null 2>&1 && command -v llvm-objdump >/dev/null 2>&1 || missing="$missing llvm"
fi
if [ "$what" = rock ]; then
  command -v "$lua" >/dev/null 2>&1 || missing="$missing $pkgs"
  for tool in luarocks git zip unzip; do command -v $tool >/dev/null 2>&1 || missing="$missing $tool"; done
fi
if [ "$what" = xvfb ]; then
  command -v xvfb-run >/dev/null 2>&1 || missing="$missing xvfb"
fi
if [ "$what" = tsan ]; then
  [ -f "$(gcc -print-file-name=libtsan.so 2>/dev/null)" ] || missing="$missing gcc libtsan2"
fi
if [ "$what" = check ]; then
  command -v valgrind >/dev/null 2>&1 || missing="$missing valgrind"
  [ -f "$(gcc -print-file-name=libasan.so 2>/dev/null)" ] || missing="$missing gcc"
  command -v clang >/dev/null 2>&1 || missing="$missing clang"
  command -v llvm-profdata >/dev/null 2>&1 && command -v llvm-cov >/dev/null 2>&1 || missing="$missing llvm"
fi

apt_install() {
  set -- $(echo "$@" | tr ' ' '\n' | sort -u | tr '\n' ' ')
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing: $*"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq "$@" >/dev/null || {
      echo "apt-get install failed; install by hand: $*" >&2; exit 1; }
  else
    echo "missing packages; as root run: apt-get install -y $*" >&2
    exit 1
  fi
}

[ -n "$missing" ] && apt_install $missing
if [ "$what" = check ] && ! fuzzer_links; then
  # libFuzzer ships apart from clang: for the default clang in libclang-rt-dev
  # (Debian 12: libclang-rt-14-dev); for clang N in libclang-rt-N-dev, or in
  # libclang-common-N-dev before LLVM 14.
  v=$(clang -dumpversion | cut -d. -f1)
  for p in libclang-rt-dev "libclang-rt-$v-dev" "libclang-common-$v-dev"; do
    apt-cache show "$p" >/dev/null 2>&1 && { apt_install "$p"; fuzzer_links && break; }
  done
  fuzzer_links || { echo "clang $v cannot link -fsanitize=fuzzer: install its libFuzzer runtime" >&2; exit 1; }
fi
exit 0
