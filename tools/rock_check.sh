#!/bin/sh
# make rock-check: the rocks of make rock, installed and used under each runtime:
#   rock_check.sh VERSION RUNTIME...      RUNTIME: lua5.1 lua5.2 lua5.3 lua5.4 luajit
#
# 1. luarocks lint passes both rockspecs; make rock's archive and .src.rock,
#    made twice, are the same bytes.
# 2. For each runtime, make rock's build (tools/rock.sh): the .src.rock
#    installed into a fresh tree, build/rock/RUNTIME/tree, and the binary rock
#    packed from it; then that binary rock installed with luarocks install into
#    another fresh tree, build/rock-check/RUNTIME.
# 3. In each of the two trees, under the runtime, with that tree alone on the
#    paths: tools/rock_smoke.lua (require "collide2d", collide2d.bump,
#    collide2d.draw; under LuaJIT with both backends).
# 4. The release rockspec on its own, built by luarocks build beside the archive
#    (the first runtime only: one build more).
set -eu
version=${1:?usage: rock_check.sh VERSION RUNTIME...}
shift
[ $# -gt 0 ] || { echo "rock_check.sh: no runtime given" >&2; exit 2; }
name=collide2d-$version
out=build/rock
check=build/rock-check

for lua in "$@"; do sh tools/deps.sh "$lua" rock; done

echo "== luarocks lint"
luarocks lint rockspec/collide2d-scm-1.rockspec
luarocks lint "rockspec/$name-1.rockspec"
echo "rockspec/collide2d-scm-1.rockspec rockspec/$name-1.rockspec: ok"

echo "== make rock for $*"
sh tools/rock.sh "$version" "$@"
sums() { cksum "$out/$name.tar.gz" "$out/$name-1.src.rock" | cut -d' ' -f1,2; }
first=$(sums)
sleep 1
sh tools/rock.sh "$version" >/dev/null 2>&1
if [ "$first" != "$(sums)" ]; then
  echo "rock_check.sh: the archive or the .src.rock changed when made again" >&2
  exit 1
fi
echo "the archive and the .src.rock made again: the same bytes"

luaver_of() { case $1 in luajit) echo 5.1 ;; *) echo "${1#lua}" ;; esac; }
# The luarocks variables a runtime needs: LuaJIT's headers for LuaJIT.
vars_of() { case $1 in luajit) echo LUA_INCDIR=/usr/include/luajit-2.1 ;; esac; }

# smoke RUNTIME TREE: tools/rock_smoke.lua under the runtime, the tree alone on the paths.
smoke() {
  v=$(luaver_of "$1"); rc=0
  for backend in $(if [ "$1" = luajit ]; then echo ffi capi; else echo capi; fi); do
    printf '  %-28s ' "$2 ($backend)"
    env COLLIDE2D_BACKEND="$backend" \
      LUA_PATH="$2/share/lua/$v/?.lua;$2/share/lua/$v/?/init.lua" LUA_CPATH="$2/lib/lua/$v/?.so" \
      "$1" tools/rock_smoke.lua "$version" "$backend" || rc=1
  done
  return $rc
}

status=0
for lua in "$@"; do
  echo "== $lua"
  rock=$(ls "$out/$lua/$name"-1.*.rock)
  tree=$check/$lua
  rm -rf "$tree" && mkdir -p "$check"
  if ! luarocks --lua-version "$(luaver_of "$lua")" --tree "$tree" install "$rock" >"$check/$lua.log" 2>&1; then
    cat "$check/$lua.log" >&2
    echo "rock_check.sh: luarocks install $rock failed" >&2
    status=1
    continue
  fi
  echo "  installed: $out/$name-1.src.rock into $out/$lua/tree, $rock into $tree"
  smoke "$lua" "$out/$lua/tree" || status=1
  smoke "$lua" "$tree" || status=1
done

lua=$1
vars=$(vars_of "$lua")
echo "== luarocks build $name-1.rockspec beside $name.tar.gz ($lua)"
work=$check/rockspec
rm -rf "$work" && mkdir -p "$work"
cp "rockspec/$name-1.rockspec" "$out/$name.tar.gz" "$work/"
if (cd "$work" && luarocks --lua-version "$(luaver_of "$lua")" --tree tree build "$name-1.rockspec" ${vars:+"$vars"}) \
      >"$work.log" 2>&1; then
  smoke "$lua" "$work/tree" || status=1
else
  cat "$work.log" >&2
  echo "rock_check.sh: luarocks build of the rockspec failed" >&2
  status=1
fi

[ $status -eq 0 ] && echo "rock-check: passed ($*)" || echo "rock-check: FAILED" >&2
exit $status
