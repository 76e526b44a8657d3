#!/bin/sh
# The release for LuaRocks (make rock), under build/rock/:
#   rock.sh VERSION [RUNTIME...]      RUNTIME: lua5.1 lua5.2 lua5.3 lua5.4 luajit
#
#   collide2d-VERSION.tar.gz          git archive of HEAD, its files under collide2d-VERSION/
#   collide2d-VERSION-1.src.rock      that archive and rockspec/collide2d-VERSION-1.rockspec
#   RUNTIME/collide2d-VERSION-1.<platform>.rock
#                                     a binary rock: the .src.rock installed with luarocks
#                                     into RUNTIME/tree/ (a fresh tree), then packed from it
#
# The archive is HEAD's, so the release rockspec must be committed as make
# rockspec writes it. Both archives are the same bytes for the same commit:
# every file time stored is the commit's, and gzip and zip store no other.
# For LuaJIT luarocks builds for Lua 5.1 with LuaJIT's headers.
set -eu
version=${1:?usage: rock.sh VERSION [RUNTIME...]}
shift
out=build/rock
name=collide2d-$version
rockspec=rockspec/$name-1.rockspec

git rev-parse --verify -q HEAD >/dev/null || { echo "rock.sh: needs a git checkout (the archive is git archive of HEAD)" >&2; exit 1; }
if ! git cat-file -e "HEAD:$rockspec" 2>/dev/null || ! git diff --quiet HEAD -- "$rockspec"; then
  echo "rock.sh: $rockspec differs from HEAD's or is not committed: commit it (the archive holds HEAD)" >&2
  exit 1
fi
if ! git diff --quiet HEAD; then
  echo "rock.sh: note: uncommitted changes are not in the rock; it holds HEAD, $(git rev-parse --short HEAD)" >&2
fi

# The source archive and the .src.rock (the zip luarocks pack makes: the
# rockspec and the archive side by side), their times the commit's.
mkdir -p "$out"
stamp=$(git log -1 --format=%ct HEAD)
git archive --format=tar --prefix="$name/" HEAD | gzip -9n >"$out/$name.tar.gz"
stage=$out/src-rock
rm -rf "$stage" && mkdir -p "$stage"
cp "$out/$name.tar.gz" "$stage/"
git show "HEAD:$rockspec" >"$stage/$name-1.rockspec"
chmod 644 "$stage/$name-1.rockspec" "$stage/$name.tar.gz"
touch -d "@$stamp" "$stage/$name-1.rockspec" "$stage/$name.tar.gz"
rm -f "$out/$name-1.src.rock"
(cd "$stage" && TZ=UTC zip -q -X "../$name-1.src.rock" "$name-1.rockspec" "$name.tar.gz")
rm -rf "$stage"
echo "$out/$name.tar.gz"
echo "$out/$name-1.src.rock"

# A binary rock for each runtime. The luarocks log is kept beside it.
for lua in "$@"; do
  case $lua in
    lua5.[1-4]) luaver=${lua#lua}; vars= ;;
    luajit) luaver=5.1; vars=LUA_INCDIR=/usr/include/luajit-2.1 ;;
    *) echo "rock.sh: unknown runtime '$lua' (lua5.1 lua5.2 lua5.3 lua5.4 luajit)" >&2; exit 2 ;;
  esac
  dir=$out/$lua
  rm -rf "$dir" && mkdir -p "$dir"
  log=$dir/luarocks.log
  if ! { luarocks --lua-version "$luaver" --tree "$dir/tree" install "$out/$name-1.src.rock" ${vars:+"$vars"} &&
         (cd "$dir" && luarocks --lua-version "$luaver" --tree tree pack collide2d "$version-1"); } >"$log" 2>&1; then
    cat "$log" >&2
    echo "rock.sh: luarocks failed for $lua (log: $log)" >&2
    exit 1
  fi
  ls "$dir"/"$name"-1.*.rock
done
