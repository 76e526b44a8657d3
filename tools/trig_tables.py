#!/usr/bin/env python3
"""Write src/trig_tables.h: the constants and tables of src/trig.c.

    python3 tools/trig_tables.py >src/trig_tables.h

Every number is computed here with mpmath at 2,000 bits and rounded to the
nearest double (or to fewer bits where a constant must multiply exactly), so
the header can be checked or regenerated on any machine. Nothing is copied
from a C library: the series coefficients are Taylor's, 1/n! and 1/n, rounded.
"""
import sys

from mpmath import mp, mpf

mp.prec = 2000

# sin t and cos t come from a table at a = i/SINCOS_STEP, i = 0 .. SINCOS_LAST,
# |t| <= 1/(2 SINCOS_STEP): past pi/4 (100.5 steps) by the rounding of the
# reduction. atan from one at c = i/ATAN_STEP, i = 0 .. ATAN_STEP.
SINCOS_STEP, SINCOS_LAST = 128, 101
ATAN_STEP = 128
# Words of 2/pi's binary fraction after two words of zeros (its integer
# part): enough for the bits a reduction of the largest double reads,
# 2^1023 being 2^971 times a 53-bit integer (trig.c's reduce_huge).
TWO_OVER_PI_WORDS = 40


def rounded(v, bits=53):
    """v rounded to the nearest number of `bits` significant bits (ties to even)."""
    with mp.workprec(bits):
        r = +v
    return float(r) if bits <= 53 else r


def pair(v):
    """v as hi + lo, each the nearest double."""
    hi = rounded(v)
    lo = rounded(v - mpf(hi))
    return hi, lo


def hexf(x):
    return float(x).hex()


def main():
    out = []
    w = out.append
    pi = mp.pi
    w("/*")
    w(" * Internal to the C core: the constants and tables of trig.c, written by")
    w(" * tools/trig_tables.py (mpmath at 2,000 bits, each number rounded to the")
    w(" * nearest double): edit and run the script, not this file.")
    w(" */")
    w("#ifndef COLLIDE2D_TRIG_TABLES_H")
    w("#define COLLIDE2D_TRIG_TABLES_H")
    w("")
    w("#include <stdint.h>")
    w("")

    # pi/2 in parts for Cody and Waite's reduction: three of 33 bits, whose
    # products with an integer k < 2^20 are exact, and the rest.
    w("/* pi/2 = PIO2_1 + PIO2_2 + PIO2_3 + PIO2_4 to ~2^-152: the first three of")
    w(" * 33 significant bits, so that k PIO2_i is exact for an integer k < 2^20. */")
    rest = pi / 2
    for i in range(1, 4):
        part = rounded(rest, 33)
        w("#define PIO2_%d %s" % (i, hexf(part)))
        rest -= mpf(part)
    w("#define PIO2_4 %s" % hexf(rounded(rest)))
    w("/* 2/pi, the nearest double. */")
    w("#define INV_PIO2 %s" % hexf(rounded(2 / pi)))
    w("/* pi/4, 3 pi/4 (atan2 of two infinities), the nearest doubles. */")
    w("#define PIO4 %s" % hexf(rounded(pi / 4)))
    w("#define PI3O4 %s" % hexf(rounded(3 * pi / 4)))
    w("/* pi/2 and pi as pairs, hi + lo. */")
    hi, lo = pair(pi / 2)
    w("#define PIO2_HI %s" % hexf(hi))
    w("#define PIO2_LO %s" % hexf(lo))
    hi, lo = pair(pi)
    w("#define PI_HI %s" % hexf(hi))
    w("#define PI_LO %s" % hexf(lo))
    w("")

    w("/* Taylor coefficients: sin t = t - t^3/6 + t^5/120 - ..., cos t = 1 - t^2/2")
    w(" * + t^4/24 - ..., atan u = u - u^3/3 + u^5/5 - ...; the first past the")
    w(" * leading term as a pair (hi + lo), the rest the nearest doubles. */")
    hi, lo = pair(mpf(-1) / 6)
    w("#define SIN3_HI %s" % hexf(hi))
    w("#define SIN3_LO %s" % hexf(lo))
    for n in (5, 7, 9):
        w("#define SIN%d %s" % (n, hexf(rounded((-1) ** ((n - 1) // 2) / mp.factorial(n)))))
    for n in (4, 6, 8, 10):
        w("#define COS%d %s" % (n, hexf(rounded((-1) ** (n // 2) / mp.factorial(n)))))
    hi, lo = pair(mpf(-1) / 3)
    w("#define ATAN3_HI %s" % hexf(hi))
    w("#define ATAN3_LO %s" % hexf(lo))
    for n in (5, 7, 9, 11):
        w("#define ATAN%d %s" % (n, hexf(rounded(mpf((-1) ** ((n - 1) // 2)) / n))))
    w("")

    w("/* The bits of 2/pi's fraction, 32 a word, most significant first, after")
    w(" * two words of zeros (its integer part, and room for a reduction that")
    w(" * reads from before the point). */")
    frac = 2 / pi
    words = [0, 0]
    for _ in range(TWO_OVER_PI_WORDS):
        frac *= 2 ** 32
        word = int(mp.floor(frac))
        words.append(word)
        frac -= word
    w("static const uint32_t two_over_pi[%d] = {" % len(words))
    for k in range(0, len(words), 6):
        w("    " + ", ".join("0x%08x" % x for x in words[k:k + 6]) + ",")
    w("};")
    w("")

    w("#define SINCOS_STEP %d" % SINCOS_STEP)
    w("/* sin a and cos a at a = i/SINCOS_STEP as pairs: { sin hi, sin lo, cos hi, cos lo }. */")
    w("static const double sincos_table[%d][4] = {" % (SINCOS_LAST + 1))
    for i in range(SINCOS_LAST + 1):
        a = mpf(i) / SINCOS_STEP
        sh, sl = pair(mp.sin(a))
        ch, cl = pair(mp.cos(a))
        w("    { %s, %s, %s, %s }," % (hexf(sh), hexf(sl), hexf(ch), hexf(cl)))
    w("};")
    w("")

    w("#define ATAN_STEP %d" % ATAN_STEP)
    w("/* atan c at c = i/ATAN_STEP as pairs: { hi, lo }. */")
    w("static const double atan_table[%d][2] = {" % (ATAN_STEP + 1))
    for i in range(ATAN_STEP + 1):
        hi, lo = pair(mp.atan(mpf(i) / ATAN_STEP))
        w("    { %s, %s }," % (hexf(hi), hexf(lo)))
    w("};")
    w("")
    w("#endif")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
