/*
 * Internal to the C core: the convex queries (query.c, contact.c, sweep.c,
 * raycast.c), for two shapes neither of which is a compound. dispatch.c
 * calls them for the public entry points; the compound and tile layers, the
 * turning sweep and the World call them on pieces.
 */
#ifndef C2D_CONVEX_H
#define C2D_CONVEX_H

#include "geometry.h"

/* Points, segments, disks and capsules (both of the pair, or one with a
 * Line), and a point or disk with an AABB or a sharp convex polygon, are
 * decided on their own numbers, exactly at any magnitude, where other pairs beyond the range of squares are decided on
 * scaled copies: that decision (query.c), or -1 for other kinds. Scaled
 * contact and distance defer to it. */
int c2d_unscaled_pair_hits(const c2d_shape *a, const c2d_shape *b);

/* The canonical order of a pair: > 0 when b comes first. */
int c2d_shape_order(const c2d_shape *a, const c2d_shape *b);

/* Build both bodies in a's frame and decide hits (the shared decision). */
int c2d_decide(const c2d_shape *a, const c2d_shape *b, body *A, body *B);

/* Contact of a pair in canonical order that meets (by c2d_decide), on the
 * bodies c2d_decide built (two AABBs need none); the normal from b toward a.
 * contact and the sweep's start share it. */
void c2d_contact_decided(const c2d_shape *a, const c2d_shape *b, const body *A, const body *B, c2d_contact_result *out);

/* Distance of a pair in canonical order, in a's frame: A and B its bodies,
 * already built there when built is set (storage otherwise). distance and
 * the sweep's start share it. */
c2d_distance_result c2d_distance_pair(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int built);

/* The same two at the pair's own scale: on the bodies given when the pair's
 * numbers need no scaling (a sweep's or a ray's scale also counts the
 * motion), else on scaled copies, as contact and distance themselves do. */
void c2d_contact_at_scale(const c2d_shape *a, const c2d_shape *b, const body *A, const body *B, c2d_contact_result *out);
c2d_distance_result c2d_distance_at_scale(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int built);
/* And hits of a pair in canonical order, leaving its bodies built in a's
 * frame when it says so in *built. */
int c2d_hits_at_scale(const c2d_shape *a, const c2d_shape *b, body *A, body *B, int *built);

/* The pair queries of collide2d.h on two shapes that are not compounds (a
 * wide fan not either, for contact), with their scaling; dispatch.c hands
 * every other pair to the compound layer. A sweep or a ray far beyond the
 * pair's size is cut short there first. */
int c2d_convex_hits(const c2d_shape *a, const c2d_shape *b);
c2d_distance_result c2d_convex_distance(const c2d_shape *a, const c2d_shape *b);
c2d_error c2d_convex_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out);
c2d_sweep_result c2d_convex_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db);
c2d_sweep_result c2d_convex_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);

/* A number 0 or within 2^+-50 (band: not 0). Products of four such, and of
 * their differences, stay far inside the doubles (no overflow, and no
 * rounding below the normal range), and a ray of such numbers reaches at
 * most 2^150 times its pair's magnitude, well short of the clipping of
 * huge motions (2^C2D_RANGE). */
static inline int c2d_in_band(double v) { double a = fabs(v); return (a >= 0x1p-50) & (a <= 0x1p50); }
static inline int c2d_near_band(double v) { return (v == 0) | c2d_in_band(v); }

/* A ray against a Disk whose numbers sit in that band, maxt above 0
 * (c2d_disk_ray_plain):
 * the circle straight from its numbers, neither shape nor ray scaled. The
 * general path (c2d_convex_raycast) scales the ray to one step by a power
 * of two; with nothing near the ends of the range, every operation commutes
 * with that scaling, so the two give the same answer bit for bit. */
static inline int c2d_disk_ray_plain(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    return s->kind == C2D_DISK && c2d_in_band(s->radius) & (maxt >= 0x1p-50) & (maxt <= 0x1p50) &
           c2d_in_band(dmax(fabs(dir.x), fabs(dir.y))) & c2d_near_band(dir.x) & c2d_near_band(dir.y) &
           c2d_near_band(origin.x) & c2d_near_band(origin.y) & c2d_near_band(s->p[0].x) & c2d_near_band(s->p[0].y);
}
c2d_sweep_result c2d_disk_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);

#endif
