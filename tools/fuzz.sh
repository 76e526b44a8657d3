#!/bin/sh
# Run the libFuzzer target BIN: first replay every known failing input
# (fuzz/corpus/crash-*) and say which still fail, then fuzz for SECONDS from the
# seeds (fuzz/corpus/seed-*) and the inputs earlier runs collected
# (build/fuzz/corpus). A new failing input is kept as fuzz/corpus/crash-<sha1>;
# the violated invariant and the decoded input are printed. Exit 1 when
# anything fails. Known inputs are replayed with every invariant; the new run
# honours FUZZ_ROBUSTNESS_ONLY from the environment.
#   tools/fuzz.sh BIN SECONDS [libFuzzer options...]
bin=$1; secs=$2; shift 2
work=build/fuzz
status=0
mkdir -p "$work/corpus" "$work/artifacts" "$work/seeds"
rm -f "$work"/artifacts/* "$work"/seeds/*
cp fuzz/corpus/seed-* "$work/seeds/" 2>/dev/null

# The violation (or sanitizer report) in a log, without libFuzzer's stack dump.
violation() {
  awk '/==== collide2d/ { p = 1 } /ERROR: libFuzzer/ { p = 0 }
       /ERROR: (Address|Leak)Sanitizer|runtime error/ && !p { p = 2 } p && n++ < 40' "$1"
}

still=0; fixed=0
for c in fuzz/corpus/crash-*; do
  [ -f "$c" ] || continue
  if FUZZ_ROBUSTNESS_ONLY= "$bin" "$c" >"$work/replay.log" 2>&1; then
    fixed=$((fixed + 1)); echo "fuzz: passes now: $c"
  else
    still=$((still + 1)); status=1
    echo "fuzz: still fails: $c"
    violation "$work/replay.log" | sed -n '1p'
  fi
done
[ $((still + fixed)) -gt 0 ] && echo "fuzz: known failing inputs: $still still fail, $fixed pass now"

# With a fixed -seed the run repeats: the corpus directory is not re-read on a
# timer (-reload=0; only this process writes it), and addresses stay the same
# from run to run where they can (setarch -R; a fixed, minimal environment, so
# the stack starts at the same place). Values the code compares go into
# libFuzzer's mutations, and some are addresses: for a run that repeats from
# any folder, add -use_cmp=0 (make check does).
norand=
setarch "$(uname -m)" -R true 2>/dev/null && norand="setarch $(uname -m) -R"
env -i PATH=/usr/local/bin:/usr/bin:/bin FUZZ_ROBUSTNESS_ONLY="$FUZZ_ROBUSTNESS_ONLY" \
  $norand "$bin" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -reload=0 \
  -artifact_prefix="$work/artifacts/" -max_total_time="$secs" "$@" \
  "$work/corpus" "$work/seeds" 2>"$work/last.log"
rc=$?
grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$work/last.log"
[ $rc -eq 0 ] && exit $status
violation "$work/last.log"
for f in "$work"/artifacts/*; do
  [ -f "$f" ] || continue
  name=fuzz/corpus/crash-$(sha1sum "$f" | cut -c1-12)
  mv "$f" "$name"
  echo "fuzz: new failing input kept as $name (rename it after what it shows)"
done
echo "fuzz: failed; replay with $bin FILE (FUZZ_PRINT=1 shows the decoded input); log: $work/last.log"
exit 1
