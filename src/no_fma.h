/*
 * Round every product on its own, as Lua does: no fused multiply-add in the
 * file that includes this first, whatever the build flags (the Makefile also
 * passes -ffp-contract=off). The bump-compatible world's numbers must agree
 * with bump.lua's bit for bit. Both pragmas hold from here to the end of the
 * including file.
 */
#ifndef C2D_NO_FMA_H
#define C2D_NO_FMA_H
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif
#endif
