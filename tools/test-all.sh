#!/bin/sh
# Run the specs under every runtime named; end with one line totalling them.
# "c" is the C API's own test program (make test-c), counted once.
# "luajit-capi" is LuaJIT with COLLIDE2D_BACKEND=capi: the C API binding
# instead of the FFI front end, so LuaJIT runs the suite under both backends.
passed=0; failed=0; status=0
for lua in "$@"; do
  echo "== $lua"
  case $lua in
    *-capi) out=$(COLLIDE2D_BACKEND=capi make -s test LUA="${lua%-capi}" 2>&1); rc=$? ;;
    c) out=$(make -s test-c 2>&1); rc=$? ;;
    *) out=$(COLLIDE2D_BACKEND= make -s test LUA="$lua" 2>&1); rc=$? ;;
  esac
  echo "$out"
  line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
  if [ -z "$line" ]; then status=1; failed=$((failed + 1)); continue; fi
  p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
  passed=$((passed + p)); failed=$((failed + f))
  [ $rc -eq 0 ] || status=1
done
echo "$passed passed, $failed failed"
exit $status
