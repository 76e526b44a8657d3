#!/usr/bin/env python3
"""The core's own sin, cos, atan2 and acos (src/trig.c) against mpmath.

    python3 tools/trig_check.py [N] [--jobs J] [--seed S] [--only sin,cos,atan2,acos]

Builds src/trig.c (through tools/trig_check.c, which also hands out the
pairs it rounds) into build/trig_check/libtrig.so with the Makefile's
flags, draws N arguments (default 1,000,000) for each function at each
scale below, computes each answer with mpmath at 128 bits (512 where that
lies within 2^-60 ulp of halfway between two doubles) and rounds it to the
nearest double, subnormals included. Prints, per function and scale: the
share of ours correctly rounded; our largest error in ulps (of the exact
value's binade); the largest error of the pair hi + lo before its one
rounding (a result can be misrounded only where the exact value lies that
close to halfway); how many of ours differ from glibc's (Python's math
module calls the C library); glibc's share correctly rounded and its largest
error. Then the special values (signed zeros, infinities, NaN) against
glibc's, which follows C99 there, and c2d_sincos_near's largest error
(within 2^-50 by its contract). Not part of CI: some minutes, J processes
(2 by default).
"""
import ctypes
import math
import os
import random
import subprocess
import sys
from fractions import Fraction
from multiprocessing import Pool

from mpmath.libmp import (from_float, mpf_acos, mpf_atan2, mpf_cos_sin,
                          round_nearest)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "build", "trig_check", "libtrig.so")
DBL_MAX = sys.float_info.max


def build():
    os.makedirs(os.path.dirname(LIB), exist_ok=True)
    subprocess.check_call(["cc", "-std=c99", "-O2", "-fPIC", "-shared", "-Wall", "-Wextra", "-pedantic",
                           "-Werror", "-ffp-contract=off", "-Isrc", "-o", LIB, "tools/trig_check.c", "-lm"], cwd=ROOT)


_lib = None


def lib():
    global _lib
    if _lib is None:
        _lib = ctypes.CDLL(LIB)
        _lib.c2d_atan2.restype = ctypes.c_double
        _lib.c2d_atan2.argtypes = [ctypes.c_double, ctypes.c_double]
        _lib.c2d_acos.restype = ctypes.c_double
        _lib.c2d_acos.argtypes = [ctypes.c_double]
        _lib.c2d_raw_sincos.restype = None
        _lib.c2d_raw_sincos.argtypes = [ctypes.c_double, ctypes.POINTER(ctypes.c_double),
                                        ctypes.POINTER(ctypes.c_double)]
        out = ctypes.POINTER(ctypes.c_double)
        _lib.check_sincos_pair.argtypes = [ctypes.c_double, ctypes.c_int, out]
        _lib.check_atan2_pair.argtypes = [ctypes.c_double, ctypes.c_double, ctypes.c_int, out]
        _lib.check_acos_pair.argtypes = [ctypes.c_double, ctypes.c_int, out]
    return _lib


def pair_of(name, args, accurate):
    """The pair the fast path (accurate = 0) or the accurate one (1) rounds,
    or None where ours rounds none (a special or tiny argument, or atan2's
    y/x, rounded once, for a ratio below 2^-60)."""
    out = (ctypes.c_double * 4)()
    if name in ("sin", "cos"):
        if not (2.0 ** -27 <= abs(args[0]) < math.inf):
            return None
        lib().check_sincos_pair(args[0], accurate, out)
        return (out[0], out[1]) if name == "sin" else (out[2], out[3])
    if name == "atan2":
        if args[0] == 0 or args[1] == 0 or not all(map(math.isfinite, args)):
            return None
        if abs(args[0]) * 2.0 ** 60 < abs(args[1]) and args[1] > 0:
            return None  # y/x itself, rounded once: atan is within 2^-120 of it
        lib().check_atan2_pair(args[0], args[1], accurate, out)
    else:
        if not 0 < abs(args[0]) < 1:
            return None
        lib().check_acos_pair(args[0], accurate, out)
    return out[0], out[1]


def rounds_surely(pair):
    """trig.c's test: every number within 2^-64 of the pair rounds alike."""
    hi, lo = pair
    e = 2.0 ** -64 * abs(hi)
    return hi + (lo + e) == hi + (lo - e)


def falls_back(name, args):
    """Does ours take the accurate path for these arguments?"""
    if name in ("sin", "cos"):
        s, c = pair_of("sin", args, 0), pair_of("cos", args, 0)
        return s is not None and not (rounds_surely(s) and rounds_surely(c))
    p = pair_of(name, args, 0)
    return p is not None and not rounds_surely(p)


def pair_ulps(pair, v, ulp):
    """|hi + lo - v| in units of 2^ulp, exactly."""
    sign, man, exp, bc = v
    terms = [(-man if sign else man, exp)]
    for x in pair:
        n, d = x.as_integer_ratio()
        terms.append((-n, -(d.bit_length() - 1)))
    low = min(e for _, e in terms)
    diff = abs(sum(n << (e - low) for n, e in terms))
    return math.ldexp(diff, low - ulp)


def pair_relative(pair, v):
    """|hi + lo - v| / |v|."""
    sign, man, exp, bc = v
    return pair_ulps(pair, v, exp + bc - 1) / (man / 2.0 ** (bc - 1))


def nearest(v):
    """mpmath's raw number v (sign, man, exp, bc) rounded to the nearest double
    (ties to even; subnormals rounded once, at their own ulp). Returns the
    double, v's distance from halfway between two doubles in ulps (0 to 1/2),
    and the binade's ulp exponent."""
    sign, man, exp, bc = v
    if man == 0:
        return 0.0, 0.5, -1074
    ulp = max(exp + bc - 53, -1074)
    shift = ulp - exp
    if shift <= 0:
        n, half = man << -shift, 0.5
    else:
        q, r = divmod(man, 1 << shift)
        h = 1 << (shift - 1)
        n = q + 1 if r > h or (r == h and q & 1) else q
        cut = max(shift - 64, 0)
        half = math.ldexp(abs(r - h) >> cut, cut - shift)
    x = math.ldexp(n, ulp)
    return (-x if sign else x), half, ulp


def ulps(ours, v, ulp):
    """|ours - v| in units of 2^ulp."""
    if math.isnan(ours) or math.isinf(ours):
        return float("inf")
    sign, man, exp, bc = v
    exact = Fraction(man) * (Fraction(2) ** exp)
    if sign:
        exact = -exact
    return float(abs(Fraction(ours) - exact) / (Fraction(2) ** ulp))


def reference(f, args):
    """f's answer at 128 bits, again at 512 when that is too near halfway."""
    v = f(args, 128)
    d, half, ulp = nearest(v)
    if half < 2.0 ** -60:
        v = f(args, 512)
        d, half, ulp = nearest(v)
    return v, d, ulp


def f_sin(a, prec):
    return mpf_cos_sin(from_float(a[0]), prec, round_nearest)[1]


def f_cos(a, prec):
    return mpf_cos_sin(from_float(a[0]), prec, round_nearest)[0]


def f_atan2(a, prec):
    return mpf_atan2(from_float(a[0]), from_float(a[1]), prec, round_nearest)


def f_acos(a, prec):
    return mpf_acos(from_float(a[0]), prec, round_nearest)


def ours_sincos(x):
    c, s = ctypes.c_double(), ctypes.c_double()
    lib().c2d_raw_sincos(x, ctypes.byref(c), ctypes.byref(s))
    return s.value, c.value


# --- the scales ---------------------------------------------------------

def log_uniform(rng, lo, hi):
    """A double log-uniform in [lo, hi] (lo > 0), either sign."""
    x = math.exp(rng.uniform(math.log(lo), math.log(hi)))
    x = min(max(x, lo), hi)
    return x if rng.random() < 0.5 else -x


def near_right_angles(rng, most=2.0 ** 60):
    """The double nearest k pi/2, for k log-uniform in [1, most], moved by
    -4 to 4 ulps."""
    k = int(math.exp(rng.uniform(0, math.log(most))))
    x = float(k * PI_FRACTION / 2)
    d = rng.randint(-4, 4)
    for _ in range(abs(d)):
        x = math.nextafter(x, math.inf if d > 0 else -math.inf)
    return x if rng.random() < 0.5 else -x


PI_FRACTION = None  # pi to 400 bits, set in each process


def pi_fraction():
    from mpmath import mp
    with mp.workprec(400):
        s, m, e, bc = mp.pi._mpf_
        return Fraction(m) * Fraction(2) ** e


def trig_scales():
    return [
        ("[1e-300, 1e-8]", lambda r: (log_uniform(r, 1e-300, 1e-8),)),
        ("[1e-8, 1]", lambda r: (log_uniform(r, 1e-8, 1),)),
        ("[1, 100]", lambda r: (log_uniform(r, 1, 100),)),
        ("[100, 1e6]", lambda r: (log_uniform(r, 100, 1e6),)),
        ("[1e6, 1e300]", lambda r: (log_uniform(r, 1e6, 1e300),)),
        ("[1e300, 1.8e308]", lambda r: (log_uniform(r, 1e300, DBL_MAX),)),
        ("k pi/2 +- 4 ulps", lambda r: (near_right_angles(r),)),
    ]


def signed(r, x):
    return x if r.random() < 0.5 else -x


def near_table(r):
    """y/x near a table point i/128 of atan2's (within a few ulps)."""
    x = log_uniform(r, 1e-3, 1e3)
    q = r.randint(1, 128) / 128.0
    y = x * q
    for _ in range(r.randint(0, 4)):
        y = math.nextafter(y, math.inf if r.random() < 0.5 else -math.inf)
    return signed(r, y), x


def atan2_scales():
    return [
        ("|y|, |x| in [1e-3, 1e3]", lambda r: (log_uniform(r, 1e-3, 1e3), log_uniform(r, 1e-3, 1e3))),
        ("|y/x| in [1e-300, 1e300]", lambda r: ratio_pair(r)),
        ("|y|, |x| in [1e-307, 1e307]", lambda r: (log_uniform(r, 1e-307, 1e307), log_uniform(r, 1e-307, 1e307))),
        ("y/x near i/128", near_table),
        ("subnormal and tiny", lambda r: (log_uniform(r, 5e-324, 1e-300), log_uniform(r, 5e-324, 1e-290))),
    ]


def ratio_pair(r):
    while True:
        x = log_uniform(r, 1e-4, 1e4)
        y = x * math.exp(r.uniform(math.log(1e-300), math.log(1e300)))
        if math.isfinite(y) and y != 0:
            return signed(r, y), signed(r, x)


def acos_scales():
    return [
        ("[-1, 1]", lambda r: (r.uniform(-1, 1),)),
        ("1 - [1e-16, 0.1], either sign", lambda r: (signed(r, 1 - math.exp(r.uniform(math.log(1.2e-16), math.log(0.1)))),)),
        ("[1e-300, 0.1], either sign", lambda r: (log_uniform(r, 1e-300, 0.1),)),
    ]


FUNCS = {
    "sin": (trig_scales, f_sin, lambda a: ours_sincos(a[0])[0], lambda a: math.sin(a[0])),
    "cos": (trig_scales, f_cos, lambda a: ours_sincos(a[0])[1], lambda a: math.cos(a[0])),
    "atan2": (atan2_scales, f_atan2, lambda a: lib().c2d_atan2(a[0], a[1]), lambda a: math.atan2(a[0], a[1])),
    "acos": (acos_scales, f_acos, lambda a: lib().c2d_acos(a[0]), lambda a: math.acos(a[0])),
}


def run_chunk(job):
    """Check n arguments of one function and scale from one seed."""
    global PI_FRACTION
    if PI_FRACTION is None:
        PI_FRACTION = pi_fraction()
    name, scale_index, seed, n = job
    scales, f, ours_of, glibc_of = FUNCS[name]
    label, draw = scales()[scale_index]
    rng = random.Random(seed)
    good = glibc_good = differ = fallbacks = 0
    worst, worst_arg, glibc_worst, pair_worst, fast_worst = 0.0, None, 0.0, 0.0, 0.0
    for _ in range(n):
        args = draw(rng)
        v, d, ulp = reference(f, args)
        ours, glibc = ours_of(args), glibc_of(args)
        pair = pair_of(name, args, 1)
        if pair is not None:
            pair_worst = max(pair_worst, pair_ulps(pair, v, ulp))
            fast_worst = max(fast_worst, pair_relative(pair_of(name, args, 0), v))
            fallbacks += falls_back(name, args)
        err = 0.5 if ours == d else ulps(ours, v, ulp)
        if ours == d or (ours != ours and d != d):
            good += 1
        elif err > worst:
            worst, worst_arg = err, args
        if glibc == d:
            glibc_good += 1
        else:
            glibc_worst = max(glibc_worst, ulps(glibc, v, ulp))
        if ours != glibc:
            differ += 1
    return (name, scale_index, label, n, good, worst, worst_arg, differ, glibc_good, glibc_worst, pair_worst,
            fast_worst, fallbacks)


def main():
    argv = sys.argv[1:]
    n, jobs, seed, only = 1000000, 2, 1, None
    while argv:
        a = argv.pop(0)
        if a == "--jobs":
            jobs = int(argv.pop(0))
        elif a == "--seed":
            seed = int(argv.pop(0))
        elif a == "--only":
            only = argv.pop(0).split(",")
        else:
            n = int(a)
    build()
    chunk = 50000
    work = []
    for name, (scales, _, _, _) in FUNCS.items():
        if only and name not in only:
            continue
        for i in range(len(scales())):
            for k in range(0, n, chunk):
                work.append((name, i, seed * 1000003 + len(work), min(chunk, n - k)))
    totals = {}
    with Pool(jobs) as pool:
        for res in pool.imap_unordered(run_chunk, work):
            name, i, label, cnt, good, worst, worst_arg, differ, ggood, gworst, pworst, fworst, falls = res
            t = totals.setdefault((name, i), [label, 0, 0, 0.0, None, 0, 0, 0.0, 0.0, 0.0, 0])
            t[1] += cnt
            t[2] += good
            if worst > t[3]:
                t[3], t[4] = worst, worst_arg
            t[5] += differ
            t[6] += ggood
            t[7] = max(t[7], gworst)
            t[8] = max(t[8], pworst)
            t[9] = max(t[9], fworst)
            t[10] += falls
    print("| function | scale | arguments | ours correctly rounded | ours max ulps | fast pair's max error "
          "(relative) | accurate pair's max ulps | accurate path taken | differ from glibc "
          "| glibc correctly rounded | glibc max ulps |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    log2 = lambda e: "2^%.1f" % math.log2(e) if e else "0"
    for name in FUNCS:
        i = 0
        while (name, i) in totals:
            label, cnt, good, worst, worst_arg, differ, ggood, gworst, pworst, fworst, falls = totals[(name, i)]
            print("| %s | %s | %d | %.6f%% (%d not) | %s | %s | %s | %.4f%% | %d | %.4f%% | %s |" % (
                name, label, cnt, 100.0 * good / cnt, cnt - good, "%.4f" % worst if worst else "<= 0.5",
                log2(fworst), log2(pworst), 100.0 * falls / cnt, differ, 100.0 * ggood / cnt,
                "%.4f" % gworst if gworst else "<= 0.5"))
            if worst_arg is not None:
                print("|  | worst: %s |  |  |  |  |  |  |  |  |  |" % ", ".join(float(a).hex() for a in worst_arg))
            i += 1
    specials()
    near_check(min(n, 100000), seed)


def near_check(n, seed):
    """c2d_sincos_near (plain doubles, for bounds that allow C2D_SINCOS_NEAR_ERR,
    2^-50, absolutely): its largest error against mpmath, on n arguments at
    each scale, in units of 2^-53."""
    global PI_FRACTION
    PI_FRACTION = pi_fraction()
    lib().c2d_sincos_near.restype = None
    lib().c2d_sincos_near.argtypes = [ctypes.c_double, ctypes.POINTER(ctypes.c_double),
                                      ctypes.POINTER(ctypes.c_double)]
    rng = random.Random(seed)
    scales = [("[-pi/4, pi/4]", lambda: rng.uniform(-math.pi / 4, math.pi / 4)),
              ("[-2 pi, 2 pi]", lambda: rng.uniform(-2 * math.pi, 2 * math.pi)),
              ("1e-3 to 2^20, either sign", lambda: log_uniform(rng, 1e-3, 2.0 ** 20)),
              ("near k pi/2 below 2^20", lambda: near_right_angles(rng, 2.0 ** 19))]
    print("| sin and cos near | arguments | max error (units of 2^-53) | bound 2^-50 |")
    print("|---|---|---|---|")
    for label, draw in scales:
        worst = 0.0
        for _ in range(n):
            x = draw()
            c, s = ctypes.c_double(), ctypes.c_double()
            lib().c2d_sincos_near(x, ctypes.byref(c), ctypes.byref(s))
            cs = mpf_cos_sin(from_float(x), 128, round_nearest)
            for ours, exact in ((c.value, cs[0]), (s.value, cs[1])):
                worst = max(worst, abs(float(Fraction(ours) - mpf_fraction(exact))) * 2.0 ** 53)
        print("| %s | %d | %.3f | %s |" % (label, n, worst, "within" if worst < 8 else "EXCEEDED"))


def mpf_fraction(v):
    """An mpf tuple as an exact Fraction."""
    sign, man, exp, _ = v
    f = Fraction(man) * (Fraction(2) ** exp)
    return -f if sign else f


def same(a, b):
    """The same double, the sign of a zero included; any NaN the same."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1, a) == math.copysign(1, b)


def specials():
    inf, nan = math.inf, math.nan
    values = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 5e-324, -5e-324, DBL_MAX, -DBL_MAX, inf, -inf, nan]
    bad = []
    for y in values:
        for x in values:
            if not same(lib().c2d_atan2(y, x), math.atan2(y, x)):
                bad.append("atan2(%r, %r) = %r, C99 %r" % (y, x, lib().c2d_atan2(y, x), math.atan2(y, x)))
    for x in values:
        s, c = ours_sincos(x)
        ok_s = same(s, math.sin(x)) if math.isfinite(x) else math.isnan(s)
        ok_c = same(c, math.cos(x)) if math.isfinite(x) else math.isnan(c)
        if not (ok_s and ok_c):
            bad.append("sin, cos(%r) = %r, %r" % (x, s, c))
    for x in [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 5e-324, 1.0000000000000002, -1.0000000000000002, inf, -inf, nan]:
        try:
            want = math.acos(x)
        except ValueError:
            want = nan
        if not same(lib().c2d_acos(x), want):
            bad.append("acos(%r) = %r, C99 %r" % (x, lib().c2d_acos(x), want))
    print("special values: %s" % ("all as C99 says (glibc's)" if not bad else "; ".join(bad)))


if __name__ == "__main__":
    main()
