/*
 * Internal to the C core: sine, cosine, arctangent and arccosine of its own
 * (trig.c), the same bits on every machine. The core calls these, never the
 * C library's sin, cos, atan2 or acos, which differ between libraries in the
 * last bit (mingw-w64's sin and cos round otherwise than glibc's for about
 * 1 angle in 470). Each is correctly rounded but for rare hard cases.
 */
#ifndef COLLIDE2D_TRIG_H
#define COLLIDE2D_TRIG_H

/* sin x and cos x for any double x (NaN for an infinity or NaN). */
double c2d_sin(double x);
double c2d_cos(double x);
/* cos x into *c and sin x into *s, from one reduction of x: no snapping to
 * exact values near multiples of pi/2 (c2d_sincos, in geometry.h, snaps). */
void c2d_raw_sincos(double x, double *c, double *s);
/* cos x into *c and sin x into *s within C2D_SINCOS_NEAR_ERR of each (an
 * absolute bound), in plain double arithmetic: about a third of
 * c2d_raw_sincos's cost, for bounds that allow for the error (the turning
 * sweep's steps). The same bits on every machine too. */
#define C2D_SINCOS_NEAR_ERR 0x1p-50
void c2d_sincos_near(double x, double *c, double *s);
/* The angle of (x, y) in [-pi, pi], with C99's signed zeros and infinities. */
double c2d_atan2(double y, double x);
/* acos x in [0, pi] for x in [-1, 1] (NaN beyond). */
double c2d_acos(double x);

#endif
