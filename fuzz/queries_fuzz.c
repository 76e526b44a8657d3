/*
 * libFuzzer target for the collide2d C core (no Lua).
 *
 * Each input decodes into two shapes of any kinds (through c2d_make or
 * c2d_make_hull), a motion for each, a ray with its maxt, the parameters
 * of a move, a rotation, a scale and an outline, and a turning motion for
 * each shape (c2d_sweep_turning). Every query of the public C
 * API runs on them, and the answers are checked against each other. A violated
 * invariant prints what failed and the decoded input, then aborts, which
 * libFuzzer records as a crash. FUZZ_PRINT=1 in the environment prints every
 * decoded input (useful when replaying one file).
 *
 * Input format (bytes; a read past the end yields 0, so every input decodes):
 *   shape A, shape B, then the numbers da.x, da.y, db.x, db.y, ray origin x, y,
 *   ray dir x, y, maxt, move dx, dy, rotation angle, scale k, transform origin
 *   x, y, one byte for the outline resolution, then the turning sweep's
 *   motions, A's and B's (an input that ends before them reads zeros: both
 *   turn by 1/64 rad about their centres, moving by da and db).
 *   A turning motion is a flags byte f, then in order:
 *     f & 1: the displacement, two numbers (else da or db);
 *     the angle by (f >> 1) & 7: 0..3 a signed byte b, (b + 0.5) / 32 rad
 *       (within 4 rad; 0 for an AABB or a tile layer, which may only take
 *       part without turning), 4 none (0), 5 a number, 6 many turns:
 *       (b + 0.5) * 2^(byte % 6), up to 4096 rad, 7 a byte c: +-(pi/4 ...
 *       2 pi, and the entries just off them in `special`) by c & 0x80 and
 *       c & 0x7f;
 *     the pivot by (f >> 4) & 3: 0 the shape's centre (c2d_center), 1 its
 *       position, 2 a point (two numbers), 3 the centre offset by two signed
 *       bytes / 4;
 *     f & 0x40: the numbers of this motion may be non-finite (which must
 *       be refused); f & 0x80 on A's motion: an explicit tolerance follows
 *       (a number; else 0, the default); on B's: B turns about A's pivot.
 *   Without FUZZ_TURNING_SLOW, angles are folded into +-4096 rad, those
 *   below 1e-3 rad taken as 0, and tolerances raised (see the switch).
 *   A shape is a kind byte k, then its numbers:
 *     k % 12 in 0..9: that c2d_kind through c2d_make; with k & 0x80 a byte
 *       follows and the count is off by -2..+2 (c2d_make must then refuse
 *       it with C2D_ERR_COUNT, but for a Box's or Triangle's one more: its
 *       radius, rounding it). A Polygon takes a count byte c: (c & 0x7f) % 40
 *       vertices, or 250 + (next byte) % 16 when c & 0x80; k & 0x80 makes
 *       its count of numbers odd (a radius last: a rounded Polygon).
 *     10: c2d_make_hull of (c % 24) points after a count byte c; when
 *       c & 0x80 the points are instead cx, cy, r and 200 + byte % 100
 *       points on that circle, to reach the vertex limit.
 *     11: a Polygon through c2d_make from the vertices of c2d_hull of 3 + c % 20
 *       points (convex by construction, so c2d_make must take it); a second
 *       byte h picks reversed order (h & 1), an edge midpoint inserted
 *       (h & 2) and the first vertex (h >> 2).
 *     10 with k & 0x80: a Concave, star-shaped about a centre (so simple
 *       unless rounding or integer snapping makes it touch itself, which
 *       c2d_make_concave must then refuse): a count byte c (3 + c % 30
 *       vertices), a flags byte f, the centre (two numbers), then per vertex
 *       an angle-step byte (step 0 repeats the angle) and a radius number.
 *       f & 1 snaps the vertices to integers, f & 2 inserts the midpoint of
 *       every third edge (collinear vertices), f & 4 repeats vertex 0.
 *     11 with k & 0x80: a Group of 2 + byte % 2 members, each a shape
 *       decoded as above (no compound members).
 *   Compound shapes (Concave, Group) get every tier 1 check; tier 2 checks
 *   the pair queries, contact (moves by c2d_move on a copy), sweep and
 *   raycast, and that moving both keeps the distance.
 *   A number is a selector byte, then:
 *     0..95     the small integer sel - 48
 *     96..127   a signed byte / 4
 *     128..159  an entry of the `special` table (huge, tiny, subnormal, -0, pi...)
 *     160..175  8 raw bytes (any double, NaN and inf included)
 *     176..191  a signed 16-bit mantissa times 2^(signed byte)
 *     192..223  the previous number moved by a signed byte of ulps
 *     224..239  the previous number again
 *     240..247  minus the previous number
 *     248..255  the previous number plus (byte - 128)
 *
 * covers is checked too: a bounded shape holds itself and its pieces, and a
 * shape that holds another hits it and holds its outline points and centres.
 * A World holding A and B finds exactly the pair, queries and ray hits the
 * pair queries give (tier 1: any finite input).
 *
 * The turning sweep (c2d_sweep_turning, src/turning.c, docs/turning.md),
 * called with the room c2d_sweep_turning_room asks for (malloc'd to the
 * byte, as is each pose's storage). Tier 1: its errors are the documented
 * ones, exactly where they apply (C2D_ERR_NONFINITE for a non-finite
 * displacement, angle, pivot or tolerance (NaN, +inf), else
 * C2D_ERR_ROTATE_AABB / C2D_ERR_ROTATE_TILES for an AABB or a layer given a
 * turn, else C2D_OK; the known exceptions: FUZZ_TURNING_STRICT_ERRORS); on a
 * hit, t finite in [0, 1] and a finite normal, of unit length (1e-9) when
 * every number is in range; no NaN. Tier 2: without turns, c2d_sweep's
 * answer bit for bit; certified: the poses at t (each shape copied, turned
 * by t * angle about its pivot, moved by t * d, as turning_steps.c
 * builds them) are within 2 tol + 2 r of each other and of the point, tol
 * the tolerance (explicit, or the default: 1e-9 of the smaller shape's box
 * diagonal, at least 64 ulps of the boxes' magnitude) and r the rounding
 * between those poses and the core's (tol_moved and turn_slack of the
 * magnitude of shapes, motions and pivots); never late: when the shapes
 * start more than that apart (so the start rule, a start in touch that
 * parts or slides is no hit, does not apply), the poses at t * k / 8
 * (k = 1..7; with no hit at k / 8, k = 1..8) do not hit, unless by a depth
 * within 2 r where tol is within 64 r. Without turns never late is left to
 * c2d_sweep's own checks (its answer is exact, and poses rounded into each
 * other by their motion's rounding say nothing of it). Two Lines are left out
 * of never late (rounding tilts parallel Lines into a far crossing), and parallel Lines
 * that turn apart may answer t = 0 (they meet at every t > 0).
 *
 * Which numbers are checked for accuracy. Tier 1 holds for every finite input:
 * no crash, no sanitizer report, no NaN anywhere, hits symmetric and equal to
 * (distance == 0), distance >= 0 and symmetric, contact depth >= 0, sweep t in
 * [0, 1], raycast t in [0, maxt], transforms fail exactly on invalid results
 * and then leave the shape as it was. Tier 2 adds every accuracy property
 * (closest points on their shapes, contact separates and is least, sweep and
 * raycast touch at t, unit normals, transforms keep distances, outline points
 * on the shape) and needs the input in the documented range: each coordinate,
 * size, motion and ray reach at most FUZZ_LIMIT = 1e12 in magnitude. By
 * default the decoder folds larger numbers into that range. Beyond it the core
 * is not accurate by construction: a point-to-segment test squares a cross
 * product, a fourth power of the coordinates, which overflows near 1e77
 * (fuzzing up to 1e100 finds wrong answers, without NaN: e.g. a sweep that
 * says "touching" for shapes 6.6e98 apart); a polygon's centroid sums cubes
 * (overflow near 1e102);
 * squared lengths overflow near 1e154 (NaN); and near 1e155 convex polygons
 * are refused. FUZZ_FULL_RANGE=1 fuzzes the whole double range anyway.
 * FUZZ_ROBUSTNESS_ONLY=1 in the environment checks tier 1 alone: make check's
 * short exploratory run uses it, so that CI is not blocked by accuracy findings
 * at extreme magnitudes that the run happens upon; every committed input is
 * still replayed with both tiers, and make fuzz explores both.
 *
 * Tolerances, in one place. M is the magnitude of what a check involves: the
 * largest |coordinate| plus the largest size (radius, width + height) over the
 * shapes, plus the motions, ray or transform origin used. A query works in a
 * frame at one shape's position; a reported point carries a few ulps of M, and
 * measuring it with another query adds a few more, so
 *   tol = 64 * DBL_EPSILON * M                 (~1.4e-14 M)
 * plus 4e-13 * M when a fan is involved (the core counts a point within
 * 1e-13 rad of a fan edge as on it, which moves the boundary by up to 1e-13 r),
 * plus TOL_ABS = 1e-150: squared lengths below DBL_MIN (2.2e-308) underflow, so
 * distances are only resolved to ~1.5e-154.
 * Checks on shapes rebuilt after a move or turn widen it: a Line by
 * 1 + M / |p1 - p0| (its direction is a difference of rounded points), a
 * turn by 32 ulps of the angles involved (see tol_moved, turn_slack).
 * Normals must be unit to 1e-9; the separating move is depth * (1 + 1e-9) + tol.
 * A sweep from an overlap must hit at t = 0 only when the depth is beyond the
 * sweep's documented resting allowance too (rest_tolerance: 64 ulps of the
 * four supports of both shapes in the pair's frame).
 */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "collide2d.h"

/* The query groups that are checked; all are defined now. Set one to 0 with
 * -DFUZZ_SWEEP=0 etc. to fuzz without it. */
#ifndef FUZZ_CONTACT
#define FUZZ_CONTACT 1
#endif
#ifndef FUZZ_SWEEP
#define FUZZ_SWEEP 1
#endif
#ifndef FUZZ_RAYCAST
#define FUZZ_RAYCAST 1
#endif
#ifndef FUZZ_TRANSFORM
#define FUZZ_TRANSFORM 1
#endif
#ifndef FUZZ_COVERS
#define FUZZ_COVERS 1
#endif
#ifndef FUZZ_TURNING
#define FUZZ_TURNING 1
#endif

/* c2d_sweep_turning's errors beyond those documented, which this fuzzer
 * found and which are fixed: a still AABB against a turning shape got
 * C2D_ERR_ROTATE_AABB (in the turning shape's frame the AABB turns: it is
 * now a Polygon of its corners there), a Group or Polygon whose pose rounding
 * left convex only within ulps got C2D_ERR_NONCONVEX (move and rotate now
 * rebuild it as its hull), and two Lines C2D_ERR_SAME_POINTS (the pose at
 * t = 0 is now the shape itself). 1 (the default) demands C2D_OK where no
 * documented error applies; 0 lets those three pass again. */
/* Inputs that run the turning sweep out of steps. Its conservative
 * advancement steps by distance over a bound on speed, and runs out of its
 * 2^20 steps (seconds, a minute under the sanitizers: past libFuzzer's
 * timeout) where that bound dwarfs the gap for long: a turn of 1e12 rad; a
 * shape 1e11 across turning by 1/64 rad beside a small one; a motion of
 * 2e11 along a Line; a shape that does not turn but whose (unused) pivot
 * lies 1e9 away (the bound counts it); a tolerance below the rounding of
 * the poses (an explicit one of 1e-28 at magnitude 50, or the default one
 * of shapes 1e-300 across that move by 50: the default is taken from the
 * shapes' own magnitude, not from their motions' or pivots'); shapes that
 * start in touch and part along a tangent (a Point resting on a Line swung
 * off it), drawing apart as t^2. Out of steps, it answers a hit at the last
 * t reached, however far apart the shapes are (fuzz/open/README.md).
 * 0 keeps clear of most of them (keep_clear_of_slow): decoded angles are
 * folded into +-TURN_LIMIT (4096 rad, 650 turns) and those below TURN_LEAST
 * (1e-3 rad) taken as 0; a shape that does not turn pivots at its centre;
 * neither turns where the paths (turn times reach from the pivot, the
 * displacements, the pivots turned about each other) exceed 2^16 times the
 * larger of the gap and the smaller shape's size, nor where a shape reaches
 * past 2^20 from the origin; and a tolerance (explicit
 * or default) below 64 ulps of the magnitude of the shapes, motions and
 * pivots is passed as that, or below 1e-9 of it where the shapes start
 * within it and are not both convex (turning_convex: the faster paths
 * follow a tangent there). 1 decodes angles from 1e-16 to 1.8e16 rad (any
 * double as a number) and passes every motion and tolerance as decoded. */
#ifndef FUZZ_TURNING_SLOW
#define FUZZ_TURNING_SLOW 0
#endif
#define TURN_LIMIT 4096.0
#define TURN_LEAST 1e-3

#ifndef FUZZ_TURNING_STRICT_ERRORS
#define FUZZ_TURNING_STRICT_ERRORS 1
#endif

/* The documented range for the accuracy checks (tier 2). */
/* FUZZ_TILES=1: the first shape is always a tile layer (to fuzz the layers
 * against every kind, away from the other kinds' own finds). */
#ifndef FUZZ_TILES
#define FUZZ_TILES 0
#endif

#ifndef FUZZ_LIMIT
#define FUZZ_LIMIT 1e12
#endif

/* 0: finite numbers beyond FUZZ_LIMIT are folded into it (fmod), so every
 * input is in the documented range. 1: any double reaches the core, and only
 * the tier 1 checks apply beyond the range (see the report for what fails). */
#ifndef FUZZ_FULL_RANGE
#define FUZZ_FULL_RANGE 0
#endif

/* FUZZ_NO_ABORT (the coverage build): a violation is printed and the input
 * abandoned instead of aborting, so one replay covers the whole corpus. */

/* c2d_make_hull does not promise to refuse NaN or inf (its header is silent):
 * 0 feeds it finite numbers only; 1 also demands that it refuses the rest. */
#ifndef FUZZ_HULL_VALIDATES
#define FUZZ_HULL_VALIDATES 0
#endif

#define TOL_REL (64 * DBL_EPSILON)
#define TOL_FAN 4e-13
#define TOL_ABS 1e-150
#define UNIT_TOL 1e-9
#define PI 3.14159265358979323846

/* Helpers some FUZZ_* switches leave unused. */
#if defined(__GNUC__)
#define MAYBE_UNUSED __attribute__((unused))
#else
#define MAYBE_UNUSED
#endif

/* More points than a Polygon may have vertices, to reach the limit. */
#define MAXPTS 320
/* A compound's storage: a Concave of up to 3 + 29 + 11 + 1 vertices, or a
 * Group of three members of up to 265 vertices. */
#define CONCAVE_MAX 44
#define CBUF_DOUBLES 49152 /* a Concave of the most vertices, or a small tile layer */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---------------------------------------------------------------------------
 * Decoding
 * ------------------------------------------------------------------------- */

typedef struct reader {
    const uint8_t *p;
    size_t n;
    double prev;
} reader;

static uint8_t byte(reader *r)
{
    if (r->n == 0) return 0;
    r->n--;
    return *r->p++;
}

static const double special[] = {
    0.0, -0.0, 1, -1, 0.5, 2, 3, 10, 100, 0.1,
    1e-300, -1e-300, 0x1p-1074, -0x1p-1074, DBL_MIN, 0x1p-1030, -0x1p-1030,
    1e300, -1e300, DBL_MAX, -DBL_MAX, 1e154, 1e150, 1e-150, 1e-160,
    1e12, -1e12, 1e6, -1e6, 1e-6, 1e-9, 1e-12, 1e15, 9007199254740992.0, 1e20, 1e-20,
    PI, PI / 2, PI / 4, 3 * PI / 2, 2 * PI, -PI / 2, 2 * PI + 1e-12, 2 * PI + 2e-12,
    2 * PI - 1e-12, 2 * PI - 1e-9, PI + 1e-15, PI - 1e-15, 1e-13, 1e-14,
    NAN, INFINITY, -INFINITY
};

static double number(reader *r)
{
    unsigned sel = byte(r);
    double x;
    if (sel < 96) {
        x = (double)sel - 48;
    } else if (sel < 128) {
        x = (double)(int8_t)byte(r) / 4;
    } else if (sel < 160) {
        x = special[byte(r) % (sizeof special / sizeof special[0])];
    } else if (sel < 176) {
        uint8_t b[8];
        int i;
        for (i = 0; i < 8; i++) b[i] = byte(r);
        memcpy(&x, b, sizeof x);
    } else if (sel < 192) {
        unsigned lo = byte(r), hi = byte(r);
        x = ldexp((double)(int16_t)(lo | hi << 8), (int8_t)byte(r));
    } else if (sel < 224) {
        int k = (int8_t)byte(r), i;
        x = r->prev;
        for (i = 0; i < abs(k); i++) x = nextafter(x, k > 0 ? INFINITY : -INFINITY);
    } else if (sel < 240) {
        x = r->prev;
    } else if (sel < 248) {
        x = -r->prev;
    } else {
        x = r->prev + ((double)byte(r) - 128);
    }
    if (!FUZZ_FULL_RANGE && isfinite(x) && fabs(x) > FUZZ_LIMIT) x = fmod(x, FUZZ_LIMIT);
    r->prev = x;
    return x;
}

/* A number for a query argument: the C queries take finite numbers only. */
static double finite_number(reader *r)
{
    double x = number(r);
    return isfinite(x) ? x : 0;
}

typedef struct spec {
    int ok;          /* built: c2d_make or c2d_make_hull returned C2D_OK */
    int hull;        /* from c2d_make_hull */
    c2d_kind kind;
    int n;           /* numbers given (a hull: 2 per point) */
    double nums[2 * MAXPTS];
    c2d_shape s;
    c2d_vec storage[2 * MAXPTS];
    c2d_vec pts[MAXPTS];
    int compound;    /* a Concave, a Group or a tile layer: its block is cbuf */
    int columns, rows;                 /* a tile layer's size */
    unsigned short codes[36];          /* and its tiles' codes */
    c2d_tile_kind kinds[6];
    double cbuf[CBUF_DOUBLES];
} spec;

/* Copy a spec, pointing a Polygon at the copy's own storage. */
MAYBE_UNUSED static void spec_copy(spec *dst, const spec *src)
{
    memcpy(dst, src, sizeof *dst);
    if (dst->s.kind == C2D_POLYGON) dst->s.verts = dst->storage;
    if (src->compound && src->ok) c2d_copy(&dst->s, &src->s, dst->cbuf);
}

static const int arity[C2D_KIND_COUNT] = { 2, 4, 4, 3, 4, 5, 6, -1, 5, 5 };

/* ---------------------------------------------------------------------------
 * Reporting
 * ------------------------------------------------------------------------- */

typedef struct input {
    spec *a, *b;
    c2d_vec da, db, origin, dir, move, tro;
    double maxt, angle, k;
    int segments;
    c2d_motion ma, mb;   /* the turning sweep's motions */
    double ttol;         /* and its tolerance (<= 0: the default) */
    int turning;         /* the turning sweep's part was decoded */
    const char *stage;
} input;

static input cur;
#ifdef FUZZ_NO_ABORT
static jmp_buf abandon;
#endif

static const char *const lua_ctor[C2D_KIND_COUNT] = {
    "point", "segment", "line", "disk", "aabb", "box", "triangle", "polygon", "capsule", "fan"
};

static void print_spec(const char *name, const spec *s)
{
    int i;
    if (s->kind == C2D_TILES) {
        fprintf(stderr, "  %s = c2d.tiles(%.17g, %.17g, %.17g, %.17g, %d, %d, {", name, s->nums[0], s->nums[1], s->nums[2],
                s->nums[3], s->columns, s->rows);
        for (i = 0; i < s->columns * s->rows; i++) fprintf(stderr, i ? ", %d" : "%d", s->codes[i]);
        fprintf(stderr, "}, {");
        for (i = 1; i < 6; i++) {
            int j;
            fprintf(stderr, "%s[%d] = {", i > 1 ? ", " : "", i);
            for (j = 0; j < 2 * s->kinds[i].count; j++) fprintf(stderr, j ? ", %.17g" : "%.17g", s->kinds[i].uv[j]);
            fprintf(stderr, "}");
        }
        fprintf(stderr, "})   -- %s\n", s->ok ? "built" : "refused");
        return;
    }
    if (s->compound) {
        const c2d_shape *pieces;
        int np = s->ok ? c2d_pieces(&s->s, &pieces) : 0;
        fprintf(stderr, "  %s = c2d.%s{", name, s->kind == C2D_CONCAVE ? "concave" : "group");
        for (i = 0; i < s->n; i++) fprintf(stderr, i ? ", %.17g" : "%.17g", s->nums[i]);
        fprintf(stderr, "}   -- %s, %d pieces\n", s->ok ? "built" : "refused", np);
        for (i = 0; i < np && s->kind == C2D_GROUP; i++) {
            double out[2 * C2D_MAX_VERTICES + 1];
            int j, n = c2d_numbers(&pieces[i], out);
            fprintf(stderr, "      member %d: %s(", i + 1, c2d_kind_name(pieces[i].kind));
            for (j = 0; j < n; j++) fprintf(stderr, j ? ", %.17g" : "%.17g", out[j]);
            fprintf(stderr, ")\n");
        }
        return;
    }
    fprintf(stderr, "  %s = c2d.%s%s", name, s->hull ? "hull" : (unsigned)s->kind < C2D_KIND_COUNT ? lua_ctor[s->kind] : "?",
            s->hull || s->kind == C2D_POLYGON ? "{" : "(");
    for (i = 0; i < s->n; i++) fprintf(stderr, i ? ", %.17g" : "%.17g", s->nums[i]);
    fprintf(stderr, "%s   -- %d numbers, %s\n", s->hull || s->kind == C2D_POLYGON ? "}" : ")", s->n,
            s->ok ? "built" : "refused");
    if (s->ok) {
        double out[2 * C2D_MAX_VERTICES + 1];
        int n = c2d_numbers(&s->s, out);
        fprintf(stderr, "      as built: %s(", c2d_kind_name(s->s.kind));
        for (i = 0; i < n; i++) fprintf(stderr, i ? ", %.17g" : "%.17g", out[i]);
        fprintf(stderr, ")\n");
    }
}

static void print_input(void)
{
    if (cur.a) print_spec("A", cur.a);
    if (cur.b) print_spec("B", cur.b);
    fprintf(stderr, "  da = (%.17g, %.17g)  db = (%.17g, %.17g)\n", cur.da.x, cur.da.y, cur.db.x, cur.db.y);
    fprintf(stderr, "  ray origin = (%.17g, %.17g)  dir = (%.17g, %.17g)  maxt = %.17g\n",
            cur.origin.x, cur.origin.y, cur.dir.x, cur.dir.y, cur.maxt);
    fprintf(stderr, "  move = (%.17g, %.17g)  rotate angle = %.17g  scale k = %.17g  about (%.17g, %.17g)  outline segments = %d\n",
            cur.move.x, cur.move.y, cur.angle, cur.k, cur.tro.x, cur.tro.y, cur.segments);
    if (cur.turning)
        fprintf(stderr, "  turning: a d = (%.17g, %.17g) angle = %.17g pivot = (%.17g, %.17g);"
                        "  b d = (%.17g, %.17g) angle = %.17g pivot = (%.17g, %.17g);  tol = %.17g\n",
                cur.ma.d.x, cur.ma.d.y, cur.ma.angle, cur.ma.pivot.x, cur.ma.pivot.y,
                cur.mb.d.x, cur.mb.d.y, cur.mb.angle, cur.mb.pivot.x, cur.mb.pivot.y, cur.ttol);
}

static void fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

static void fail(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "\n==== collide2d invariant violated (%s): ", cur.stage ? cur.stage : "?");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n  decoded input:\n");
    print_input();
    fflush(stderr);
#ifdef FUZZ_NO_ABORT
    longjmp(abandon, 1);
#else
    abort();
#endif
}

#define CHECK(cond, ...) do { if (!(cond)) fail(__VA_ARGS__); } while (0)

static int finite_vec(c2d_vec v) { return isfinite(v.x) && isfinite(v.y); }
static int nan_vec(c2d_vec v) { return isnan(v.x) || isnan(v.y); }
static double vlen(c2d_vec v) { return hypot(v.x, v.y); }
static c2d_vec v2(double x, double y) { c2d_vec r; r.x = x; r.y = y; return r; }

/* ---------------------------------------------------------------------------
 * Shapes: building, magnitude, translating and probing
 * ------------------------------------------------------------------------- */

/* 0: not a coordinate; 1: an x; 2: a y (numbers of kind k at index i). */
static int coord_role(c2d_kind k, int hull, int i, int n)
{
    int pts = hull ? MAXPTS : k == C2D_SEGMENT || k == C2D_LINE || k == C2D_CAPSULE ? 2
            : k == C2D_TRIANGLE ? 3 : k == C2D_POLYGON ? MAXPTS : 1;
    if ((hull || k == C2D_POLYGON) && n % 2 == 1 && i == n - 1) return 0; /* a rounded one's radius */
    return i < 2 * pts ? 1 + (i & 1) : 0;
}

/* Is number i of n of kind k a length (radius, width, height; a rounded
 * Box's, Triangle's or Polygon's radius, its last number). */
static int is_size(c2d_kind k, int i, int n)
{
    switch (k) {
    case C2D_DISK: case C2D_FAN: return i == 2;
    case C2D_AABB: return i == 2 || i == 3;
    case C2D_BOX: return i == 2 || i == 3 || i == 5;
    case C2D_CAPSULE: return i == 4;
    case C2D_TRIANGLE: return i == 6;
    case C2D_POLYGON: return n % 2 == 1 && i == n - 1;
    default: return 0;
    }
}

/* Is number i of kind k an angle that turns with the shape (Box angle, Fan direction). */
static int is_angle(c2d_kind k, int i)
{
    return (k == C2D_BOX && i == 4) || (k == C2D_FAN && i == 3);
}

/* The magnitude of a built shape: largest |coordinate| plus its sizes. */
static double shape_mag(const c2d_shape *s)
{
    double nums[2 * C2D_MAX_VERTICES + 1], c = 0, z = 0;
    int n = c2d_numbers(s, nums), i;
    if (s->kind == C2D_CONCAVE || s->kind == C2D_GROUP || s->kind == C2D_TILES) {
        /* Its box: the farthest coordinate, and its sides as the size. */
        c2d_bounds b;
        c2d_bbox(s, &b);
        return fmax(fmax(fabs(b.minx), fabs(b.maxx)), fmax(fabs(b.miny), fabs(b.maxy))) + (b.maxx - b.minx) + (b.maxy - b.miny);
    }
    for (i = 0; i < n; i++) {
        if (coord_role(s->kind, 0, i, n)) c = fmax(c, fabs(nums[i]));
        else if (is_size(s->kind, i, n)) z += fabs(nums[i]);
    }
    return c + z;
}

static int is_fan(const c2d_shape *s)
{
    const c2d_shape *pieces;
    int n = c2d_pieces(s, &pieces), i;
    for (i = 0; i < n; i++) if (pieces[i].kind == C2D_FAN) return 1;
    return s->kind == C2D_FAN;
}

static int is_compound(const c2d_shape *s) { return s->kind == C2D_CONCAVE || s->kind == C2D_GROUP || s->kind == C2D_TILES; }

/* Same kind and numbers: then f(a, b) == -f(b, a) cannot hold for a normal,
 * since both calls see the same arguments. */
MAYBE_UNUSED static int same_numbers(const c2d_shape *a, const c2d_shape *b)
{
    double x[2 * C2D_MAX_VERTICES + 1], y[2 * C2D_MAX_VERTICES + 1];
    int n = c2d_numbers(a, x), i;
    if (a->kind != b->kind || n != c2d_numbers(b, y)) return 0;
    for (i = 0; i < n; i++) if (x[i] != y[i]) return 0;
    return 1;
}

static double tol_for(double m, int fan)
{
    return (TOL_REL + (fan ? TOL_FAN : 0)) * m + TOL_ABS;
}

/* A Line's direction is the difference of its two points, so moving or
 * turning them (each rounded to an ulp) tilts it by up to ulp / |p1 - p0|,
 * which shifts it by that times m at distance m: the tolerance for a moved
 * Line grows by 1 + m / |p1 - p0|. */
MAYBE_UNUSED static double line_amp(const c2d_shape *s, double m)
{
    double d;
    if (s == NULL || s->kind != C2D_LINE) return 1;
    d = hypot(s->p[1].x - s->p[0].x, s->p[1].y - s->p[0].y);
    return d > 0 ? 1 + m / d : INFINITY;
}

/* The tolerance for a check on shapes rebuilt after a move or turn (b may be NULL). */
MAYBE_UNUSED static double tol_moved(double m, const c2d_shape *a, const c2d_shape *b)
{
    return tol_for(m, is_fan(a) || (b != NULL && is_fan(b))) * line_amp(a, m) * line_amp(b, m);
}

/* A turn carries angle error: cos/sin of an angle snap within 8 ulps of it to a
 * right angle, and rotate wraps into (-pi, pi] by a rounded 2*pi (error
 * 3.9e-17 per radian). Both scale with the angles involved. */
static double turn_slack(const c2d_shape *s, double turn, double m)
{
    double a = (s->kind == C2D_BOX || s->kind == C2D_FAN) ? fabs(s->angle) : 0;
    if (s->kind == C2D_GROUP) {
        /* (a member's angle turns with it: a Box at 2.3e11 rad has one of
         * 3e-5 rad, and its pose at t rounds by that) */
        const c2d_shape *pieces;
        int n = c2d_pieces(s, &pieces), i;
        for (i = 0; i < n; i++)
            if (pieces[i].kind == C2D_BOX || pieces[i].kind == C2D_FAN) a = fmax(a, fabs(pieces[i].angle));
    }
    return 32 * DBL_EPSILON * (a + fabs(turn)) * m;
}

/* Build sp from its numbers; returns the c2d_make error (hulls: c2d_make_hull's). */
static c2d_error build(spec *sp)
{
    c2d_error err;
    int bad = -2, i;
    if (sp->hull) {
        for (i = 0; i < sp->n / 2; i++) sp->pts[i] = v2(sp->nums[2 * i], sp->nums[2 * i + 1]);
        err = c2d_make_hull(&sp->s, sp->pts, sp->n / 2, sp->storage);
        if (err == C2D_OK && sp->n % 2 == 1) err = c2d_round(&sp->s, sp->nums[sp->n - 1]); /* (a rounded one's radius) */
    } else {
        err = c2d_make(&sp->s, sp->kind, sp->nums, sp->n, sp->storage, &bad);
        CHECK(bad >= -1 && bad < sp->n, "c2d_make set *bad to %d for %d numbers", bad, sp->n);
        if (err == C2D_ERR_NONFINITE) {
            CHECK(bad >= 0, "C2D_ERR_NONFINITE without the index of the number at fault");
        }
    }
    sp->ok = err == C2D_OK;
    return err;
}

/* Numbers for a rounded Box, Triangle or Polygon: a radius last. */
static int rounded_count(const spec *sp)
{
    return (sp->kind == C2D_BOX && sp->n == 6) || (sp->kind == C2D_TRIANGLE && sp->n == 7) ||
           (sp->kind == C2D_POLYGON && sp->n % 2 == 1);
}

/* The validation contract of c2d_make, from the numbers alone. */
static void check_validation(const spec *sp, c2d_error err)
{
    int i, all_finite = 1;
    for (i = 0; i < sp->n; i++) if (!isfinite(sp->nums[i])) all_finite = 0;
    if (sp->hull) {
        if (sp->n == 0) { CHECK(err == C2D_ERR_COUNT, "hull of no points gave error %d", (int)err); return; }
        if (!all_finite) { CHECK(err != C2D_OK, "c2d_make_hull accepted a non-finite number"); return; }
        CHECK(err == C2D_OK || err == C2D_ERR_COUNT, "c2d_make_hull: unexpected error %d", (int)err);
        if (err == C2D_OK) {
            CHECK(sp->s.count >= 1 && sp->s.count <= C2D_MAX_VERTICES && sp->s.count <= sp->n / 2,
                  "hull of %d points has %d vertices", sp->n / 2, sp->s.count);
            CHECK(sp->s.count < 3 || sp->s.ccw == 1, "hull of %d vertices is not counter-clockwise", sp->s.count);
        } else {
            CHECK(sp->n / 2 > C2D_MAX_VERTICES, "c2d_make_hull refused %d points", sp->n / 2);
        }
        return;
    }
    if (sp->kind == C2D_POLYGON) {
        /* (an odd count: a radius last) */
        int bad_count = sp->n < 6 || sp->n > 2 * C2D_MAX_VERTICES + 1;
        if (bad_count) { CHECK(err == C2D_ERR_COUNT, "polygon of %d numbers gave error %d", sp->n, (int)err); return; }
    } else if (sp->n != arity[sp->kind] &&
               !((sp->kind == C2D_BOX || sp->kind == C2D_TRIANGLE) && sp->n == arity[sp->kind] + 1)) {
        CHECK(err == C2D_ERR_COUNT, "%s with %d numbers gave error %d", c2d_kind_name(sp->kind), sp->n, (int)err);
        return;
    }
    if (!all_finite) { CHECK(err == C2D_ERR_NONFINITE, "non-finite number accepted or wrong error %d", (int)err); return; }
    if (err != C2D_OK) {
        /* Refused finite numbers: only for the reasons the kind has. */
        switch (err) {
        case C2D_ERR_NEGATIVE: {
            int neg = 0;
            for (i = 0; i < sp->n; i++) if (is_size(sp->kind, i, sp->n) && sp->nums[i] < 0) neg = 1;
            CHECK(neg, "C2D_ERR_NEGATIVE with no negative size");
            break;
        }
        case C2D_ERR_OPENING:
            CHECK(sp->kind == C2D_FAN && (sp->nums[4] < 0 || sp->nums[4] > 2 * PI + 1e-12),
                  "C2D_ERR_OPENING for opening %.17g", sp->kind == C2D_FAN ? sp->nums[4] : 0);
            break;
        case C2D_ERR_SAME_POINTS:
            CHECK(sp->kind == C2D_LINE && sp->nums[0] == sp->nums[2] && sp->nums[1] == sp->nums[3],
                  "C2D_ERR_SAME_POINTS for distinct points");
            break;
        case C2D_ERR_NONCONVEX:
            CHECK(sp->kind == C2D_POLYGON, "C2D_ERR_NONCONVEX for a %s", c2d_kind_name(sp->kind));
            break;
        case C2D_ERR_NONFINITE:
            /* Finite numbers whose sum overflows: an AABB's far corner, a
             * rounded shape's box (its radius past a coordinate). */
            CHECK((sp->kind == C2D_AABB && (!isfinite(sp->nums[0] + sp->nums[2]) || !isfinite(sp->nums[1] + sp->nums[3]))) ||
                  rounded_count(sp),
                  "C2D_ERR_NONFINITE for finite numbers");
            break;
        default:
            fail("c2d_make: unexpected error %d (%s)", (int)err, c2d_error_message(err));
        }
        return;
    }
    /* Built: every number kept exactly, sizes >= 0. */
    {
        double out[2 * C2D_MAX_VERTICES + 1];
        int n = c2d_numbers(&sp->s, out);
        /* (a radius of 0 is a sharp shape, without one) */
        int given = rounded_count(sp) && sp->nums[sp->n - 1] == 0 ? sp->n - 1 : sp->n;
        CHECK(sp->s.kind == sp->kind, "built kind %d, asked %d", (int)sp->s.kind, (int)sp->kind);
        CHECK(n == given, "c2d_numbers gave %d numbers, built from %d", n, sp->n);
        for (i = 0; i < n; i++)
            CHECK(out[i] == sp->nums[i] || (isnan(out[i]) && isnan(sp->nums[i])),
                  "c2d_numbers[%d] = %.17g, built from %.17g", i, out[i], sp->nums[i]);
        for (i = 0; i < n; i++) CHECK(!is_size(sp->kind, i, n) || sp->nums[i] >= 0, "negative size accepted");
        if (sp->kind == C2D_FAN) CHECK(sp->nums[4] >= 0 && sp->nums[4] <= 2 * PI + 1e-12, "fan opening %.17g accepted", sp->nums[4]);
    }
}

/* Every number of the shape (coordinates and sizes) at most `limit` in magnitude. */
static int in_range(const spec *sp, double limit)
{
    int i;
    if (sp->compound) return sp->ok && shape_mag(&sp->s) <= limit;
    for (i = 0; i < sp->n; i++) {
        if ((coord_role(sp->kind, sp->hull, i, sp->n) || is_size(sp->kind, i, sp->n)) && !(fabs(sp->nums[i]) <= limit)) return 0;
    }
    return 1;
}

/* How far point p is from shape s, by the library. */
static double dist_point(c2d_vec p, const c2d_shape *s)
{
    c2d_shape q;
    double xy[2];
    int bad;
    xy[0] = p.x;
    xy[1] = p.y;
    if (c2d_make(&q, C2D_POINT, xy, 2, NULL, &bad) != C2D_OK) return INFINITY;
    return c2d_distance(&q, s).distance;
}

static void decode_shape_at(reader *r, spec *sp, int member);

/* A Concave star-shaped about a centre (see the format above). */
static void decode_concave(reader *r, spec *sp)
{
    unsigned cb = byte(r), f = byte(r);
    int n = 3 + (int)(cb % 30), i, m = 0, bad;
    double cx = finite_number(r), cy = finite_number(r), w[32], rad[32], total = 1, acc = 0;
    c2d_vec v[32];
    sp->kind = C2D_CONCAVE;
    sp->compound = 1;
    for (i = 0; i < n; i++) {
        w[i] = byte(r) % 8;
        rad[i] = fabs(finite_number(r));
        if (rad[i] == 0) rad[i] = 1;
        total += w[i];
    }
    for (i = 0; i < n; i++) {
        double a = 2 * PI * (acc += w[i]) / total;
        v[i] = v2(cx + rad[i] * cos(a), cy + rad[i] * sin(a));
        if (f & 1) v[i] = v2(round(v[i].x), round(v[i].y));
    }
    for (i = 0; i < n; i++) {
        c2d_vec q = v[(i + 1) % n];
        sp->nums[2 * m] = v[i].x; sp->nums[2 * m + 1] = v[i].y; m++;
        if (i == 0 && (f & 4)) { sp->nums[2 * m] = v[i].x; sp->nums[2 * m + 1] = v[i].y; m++; }
        if ((f & 2) && i % 3 == 0) {
            sp->nums[2 * m] = v[i].x + (q.x - v[i].x) / 2;
            sp->nums[2 * m + 1] = v[i].y + (q.y - v[i].y) / 2;
            m++;
        }
    }
    sp->n = 2 * m;
    if (c2d_concave_size(m) > sizeof sp->cbuf) return;
    bad = -2;
    sp->ok = c2d_make_concave(&sp->s, sp->nums, sp->n, sp->cbuf, &bad) == C2D_OK;
    if (sp->ok) CHECK(sp->s.kind == C2D_CONCAVE, "c2d_make_concave built a %s", c2d_kind_name(sp->s.kind));
}

/* A Group of two or three shapes. */
static void decode_group(reader *r, spec *sp)
{
    static spec members[3];
    const c2d_shape *ms[3];
    int m = 2 + byte(r) % 2, i, bad = -2;
    c2d_error err;
    sp->kind = C2D_GROUP;
    sp->compound = 1;
    for (i = 0; i < m; i++) {
        decode_shape_at(r, &members[i], 1);
        if (!members[i].ok) return;
        ms[i] = &members[i].s;
    }
    if (c2d_group_size(ms, m) > sizeof sp->cbuf) return;
    err = c2d_make_group(&sp->s, ms, m, sp->cbuf, &bad);
    for (i = 0; i < m; i++)
        if (ms[i]->kind == C2D_LINE) CHECK(err == C2D_ERR_MEMBER, "a Group took a Line (error %d)", (int)err);
    sp->ok = err == C2D_OK;
    if (sp->ok) CHECK(c2d_pieces(&sp->s, ms) == m, "a Group of %d members has %d pieces", m, c2d_pieces(&sp->s, ms));
}

/* A tile layer of up to 6 x 6 tiles: five kinds from a palette of pieces
 * (full, half, slopes, 1:2 ramps, a thin bar, a point, a segment) and codes
 * 0 (empty) to 5. */
static void decode_tiles(reader *r, spec *sp)
{
    static const c2d_tile_kind palette[12] = {
        { 4, { 0, 0, 1, 0, 1, 1, 0, 1 }, { 0, 0 } }, { 4, { 0, 0.5, 1, 0.5, 1, 1, 0, 1 }, { 0, 0 } },
        { 4, { 0, 0, 0.5, 0, 0.5, 1, 0, 1 }, { 0, 0 } }, { 3, { 0, 1, 1, 1, 1, 0 }, { 0, 0 } },
        { 3, { 0, 0, 0, 1, 1, 1 }, { 0, 0 } }, { 3, { 0, 0, 1, 0, 1, 1 }, { 0, 0 } },
        { 3, { 0, 1, 1, 1, 1, 0.5 }, { 0, 0 } }, { 4, { 0, 1, 1, 1, 1, 0, 0, 0.5 }, { 0, 0 } },
        { 4, { 0, 0, 1, 0, 1, 0.25, 0, 0.25 }, { 0, 0 } }, { 1, { 0.5, 0.5 }, { 0, 0 } },
        { 2, { 0, 0.5, 1, 0.5 }, { 0, 0 } }, { 5, { 0.5, 0, 1, 0.4, 0.8, 1, 0.2, 1, 0, 0.4 }, { 0, 0 } },
    };
    unsigned char kind_of[C2D_TILE_CODES];
    int i, bad;
    sp->kind = C2D_TILES;
    sp->compound = 1;
    sp->columns = 1 + byte(r) % 6;
    sp->rows = 1 + byte(r) % 6;
    sp->nums[0] = finite_number(r);
    sp->nums[1] = finite_number(r);
    sp->nums[2] = fabs(finite_number(r));
    sp->nums[3] = fabs(finite_number(r));
    if (sp->nums[2] == 0) sp->nums[2] = 1;
    if (sp->nums[3] == 0) sp->nums[3] = 1;
    sp->n = 4;
    memset(sp->kinds, 0, sizeof sp->kinds);
    for (i = 1; i < 6; i++) sp->kinds[i] = palette[byte(r) % 12];
    memset(kind_of, 0, sizeof kind_of);
    for (i = 1; i < 6; i++) kind_of[i] = (unsigned char)i;
    for (i = 0; i < sp->columns * sp->rows; i++) sp->codes[i] = (unsigned short)(byte(r) % 6);
    /* at least one tile solid: an empty layer is the empty set (distance infinite), which no other kind is */
    for (i = 0; i < sp->columns * sp->rows && sp->codes[i] == 0; i++) {}
    if (i == sp->columns * sp->rows) sp->codes[0] = 1;
    if (c2d_tiles_size(sp->columns, sp->rows) > sizeof sp->cbuf) return;
    sp->ok = c2d_make_tiles(&sp->s, sp->nums, sp->columns, sp->rows, sp->kinds, 6, kind_of, sp->codes, sp->cbuf, &bad) == C2D_OK;
}

/* Read a shape's kind and numbers, build it, check the constructor's contract. */
static void decode_shape(reader *r, spec *sp, int first)
{
    if (FUZZ_TILES && first) {
        memset(sp, 0, sizeof *sp);
        decode_tiles(r, sp);
    } else {
        decode_shape_at(r, sp, 0);
    }
}

static void decode_shape_at(reader *r, spec *sp, int member)
{
    unsigned kb = byte(r), k = kb % 12;
    int i, count;
    memset(sp, 0, sizeof *sp);
    if (!member && (kb & 0x80) && k == 10) { decode_concave(r, sp); return; }
    if (!member && (kb & 0x80) && k == 11) { decode_group(r, sp); return; }
    if (!member && (kb & 0x80) && k == 2) { decode_tiles(r, sp); return; }
    if (k <= 9) {
        sp->kind = (c2d_kind)k;
        if (k == C2D_POLYGON) {
            unsigned cb = byte(r);
            count = (int)(cb & 0x7f) % 40;
            if (cb & 0x80) count = 250 + byte(r) % 16;   /* around the vertex limit */
            sp->n = 2 * count + ((kb & 0x80) ? 1 : 0);    /* odd: a radius last */
        } else {
            sp->n = arity[k];
            if (kb & 0x80) sp->n += (int)(byte(r) % 5) - 2;
            if (sp->n < 0) sp->n = 0;
        }
        for (i = 0; i < sp->n; i++) sp->nums[i] = number(r);
    } else if (k == 10) {
        unsigned cb = byte(r);
        sp->hull = 1;
        sp->kind = C2D_POLYGON;
        if (cb & 0x80) {
            /* Points on a circle: a hull with many vertices, up to past the limit. */
            double cx = number(r), cy = number(r), rad = number(r);
            count = 200 + byte(r) % 100;
            if (!isfinite(cx) || !isfinite(cy) || !isfinite(rad)) cx = cy = 0, rad = 1;
            for (i = 0; i < count; i++) {
                sp->nums[2 * i] = cx + rad * cos(2 * PI * i / count);
                sp->nums[2 * i + 1] = cy + rad * sin(2 * PI * i / count);
                if (!FUZZ_HULL_VALIDATES && !(isfinite(sp->nums[2 * i]) && isfinite(sp->nums[2 * i + 1])))
                    sp->nums[2 * i] = sp->nums[2 * i + 1] = 0;
            }
        } else {
            count = (int)(cb % 24);
            for (i = 0; i < 2 * count; i++) sp->nums[i] = FUZZ_HULL_VALIDATES ? number(r) : finite_number(r);
        }
        sp->n = 2 * count;
        check_validation(sp, build(sp));
        if (sp->ok && in_range(sp, FUZZ_LIMIT)) {
            /* Every point lies in its hull. */
            double t = tol_for(shape_mag(&sp->s), 0);
            for (i = 0; i < count; i++) {
                double d = dist_point(v2(sp->nums[2 * i], sp->nums[2 * i + 1]), &sp->s);
                CHECK(d <= t, "point %d (%.17g, %.17g) is %.3g outside its hull", i, sp->nums[2 * i], sp->nums[2 * i + 1], d);
            }
        }
        return;
    } else {
        /* A polygon made convex by the library's own hull, fed to c2d_make. */
        unsigned cb = byte(r), how = byte(r);
        c2d_vec pts[MAXPTS], hull[2 * MAXPTS], v[MAXPTS + 1];
        int m, first, j = 0;
        count = 3 + (int)(cb % 20);
        for (i = 0; i < count; i++) { double x = finite_number(r); pts[i] = v2(x, finite_number(r)); }
        sp->kind = C2D_POLYGON;   /* printed as the hull's points if c2d_hull fails */
        sp->hull = 1;
        sp->n = 2 * count;
        for (i = 0; i < count; i++) { sp->nums[2 * i] = pts[i].x; sp->nums[2 * i + 1] = pts[i].y; }
        m = c2d_hull(pts, count, hull);
        sp->hull = 0;
        CHECK(m >= 1 && m <= count, "c2d_hull returned %d vertices for %d points", m, count);
        sp->kind = C2D_POLYGON;
        if (m < 3) {
            /* Collinear: the polygon of the hull's ends and their midpoint. */
            if (m == 1) hull[1] = hull[0];
            hull[2] = v2(hull[0].x + (hull[1].x - hull[0].x) / 2, hull[0].y + (hull[1].y - hull[0].y) / 2);
            m = 3;
        }
        first = (int)(how >> 2) % m;
        for (i = 0; i < m; i++) {
            int idx = (how & 1) ? (first - i + m) % m : (first + i) % m;
            v[j++] = hull[idx];
            if ((how & 2) && i == 0) {
                int nx = (how & 1) ? (idx - 1 + m) % m : (idx + 1) % m;
                v[j++] = v2(hull[idx].x + (hull[nx].x - hull[idx].x) / 2, hull[idx].y + (hull[nx].y - hull[idx].y) / 2);
            }
        }
        sp->n = 2 * j;
        for (i = 0; i < j; i++) { sp->nums[2 * i] = v[i].x; sp->nums[2 * i + 1] = v[i].y; }
        check_validation(sp, build(sp));
        /* A hull's own vertices are convex; a midpoint carries rounding of the
         * coordinates, which can exceed the convexity tolerance on short edges. */
        if (!(how & 2) && in_range(sp, FUZZ_LIMIT))
            CHECK(sp->ok, "c2d_make refused the vertices of a hull as a polygon");
        return;
    }
    check_validation(sp, build(sp));
}

/* A motion for the turning sweep (see the format above): a flags byte f, then
 * what it asks for. other: the first shape's motion, for a shared pivot. */
static void decode_motion(reader *r, const spec *sp, c2d_vec sweep_d, c2d_motion *m, const c2d_motion *other, double *tol)
{
    unsigned f = byte(r), mode = (f >> 1) & 7;
    int raw = (f & 0x40) != 0, still = sp->kind == C2D_AABB || sp->kind == C2D_TILES;
    c2d_vec centre = v2(0, 0);
    if (sp->ok) centre = c2d_center(&sp->s);
    m->d = sweep_d;
    if (f & 1) {
        m->d.x = raw ? number(r) : finite_number(r);
        m->d.y = raw ? number(r) : finite_number(r);
    }
    if (mode < 4) {
        double a = ((double)(int8_t)byte(r) + 0.5) / 32;     /* within 4 rad, never 0 */
        m->angle = still ? 0 : a;                            /* an AABB or a layer mostly keeps still */
    } else if (mode == 4) {
        m->angle = 0;
    } else if (mode == 5) {
        m->angle = raw ? number(r) : finite_number(r);
        if (!FUZZ_TURNING_SLOW && fabs(m->angle) > TURN_LIMIT) m->angle = fmod(m->angle, TURN_LIMIT);
    } else if (mode == 6) {
        double a = (double)(int8_t)byte(r) + 0.5;            /* many turns: up to 4096 rad (650 turns) */
        m->angle = FUZZ_TURNING_SLOW ? ldexp(a, 8 + byte(r) % 40) : ldexp(a, byte(r) % 6);
    } else if (FUZZ_TURNING_SLOW) {
        double a = (double)(int8_t)byte(r) + 0.5;
        m->angle = ldexp(a, -20 - (int)(byte(r) % 30));     /* tiny: 1e-6 to 1e-16 rad */
    } else {
        unsigned b = byte(r);                                /* +-pi/4 to 2 pi, and just off them */
        m->angle = (b & 0x80 ? -1 : 1) * special[36 + (b & 0x7f) % 12];
    }
    if (!FUZZ_TURNING_SLOW && fabs(m->angle) < TURN_LEAST) m->angle = 0;
    switch ((f >> 4) & 3) {
    case 0: m->pivot = centre; break;
    case 1: m->pivot = sp->ok ? c2d_position(&sp->s) : centre; break;
    case 2:
        m->pivot.x = raw ? number(r) : finite_number(r);
        m->pivot.y = raw ? number(r) : finite_number(r);
        break;
    default: {
        double ox = (double)(int8_t)byte(r) / 4;
        m->pivot = v2(centre.x + ox, centre.y + (double)(int8_t)byte(r) / 4);
    }
    }
    if (f & 0x80) {
        if (other == NULL) *tol = number(r);   /* the first: an explicit tolerance */
        else m->pivot = other->pivot;          /* the second: the first one's pivot */
    }
}

/* sp's shape rebuilt from numbers mapped by: points p -> o + k * R(p - o) + d,
 * sizes * k, angles + turn. Independent of c2d_move/rotate/scale. */
MAYBE_UNUSED static int rebuilt(spec *dst, const spec *src, double k, double turn, c2d_vec o, c2d_vec d)
{
    double nums[2 * C2D_MAX_VERTICES + 1], c = cos(turn), s = sin(turn);
    int n, i;
    memset(dst, 0, sizeof *dst);
    if (!src->ok) return 0;
    n = c2d_numbers(&src->s, nums);
    dst->kind = src->s.kind;
    dst->hull = src->s.kind == C2D_POLYGON && src->s.count < 3;
    for (i = 0; i < n; i += 1) {
        int role = coord_role(dst->kind, dst->hull, i, n);
        if (role == 1) {
            double x = nums[i] - o.x, y = nums[i + 1] - o.y;
            dst->nums[i] = o.x + k * (c * x - s * y) + d.x;
            dst->nums[i + 1] = o.y + k * (s * x + c * y) + d.y;
            i++;
        } else if (is_size(dst->kind, i, n)) {
            dst->nums[i] = nums[i] * k;
        } else {
            dst->nums[i] = is_angle(dst->kind, i) ? nums[i] + turn : nums[i];
        }
    }
    dst->n = n;
    /* c2d_make_hull takes non-finite numbers (see FUZZ_HULL_VALIDATES); c2d_make refuses them. */
    for (i = 0; i < n; i++) if (!isfinite(dst->nums[i])) return 0;
    if (build(dst) == C2D_OK) return 1;
    /* A Polygon that rounding leaves convex only within ulps: move and
     * rotate rebuild it as the hull of its mapped vertices. */
    if (dst->kind != C2D_POLYGON || dst->hull || k != 1) return 0; /* (scale does not) */
    dst->hull = 1;
    if (build(dst) != C2D_OK) return 0;
    /* (a move keeps the first vertex where it lands: where the hull drops
     * it, the moved points stay as they are, which stand out of convex order
     * by no more than rounding: within it of this hull) */
    return 1;
}

/* sp moved by d: rebuilt from numbers, or a compound copied and moved by
 * c2d_move (its numbers are not c2d_make's). 0 when that fails. */
MAYBE_UNUSED static int moved_by(spec *dst, const spec *src, c2d_vec d)
{
    if (!src->compound) return rebuilt(dst, src, 1, 0, v2(0, 0), d);
    spec_copy(dst, src);
    return c2d_move(&dst->s, d.x, d.y) == C2D_OK;
}

/* ---------------------------------------------------------------------------
 * The checks
 * ------------------------------------------------------------------------- */

/* Per-shape facts: bbox, center, position, numbers, contains. */
static void check_shape(const spec *sp, int ranged)
{
    const c2d_shape *s = &sp->s;
    c2d_bounds b;
    c2d_vec c = c2d_center(s), p = c2d_position(s);
    double m = shape_mag(s);
    int has = c2d_bbox(s, &b);
    CHECK(!nan_vec(c) && !nan_vec(p), "NaN in center (%g, %g) or position (%g, %g)", c.x, c.y, p.x, p.y);
    CHECK(has == (s->kind != C2D_LINE), "c2d_bbox returned %d for a %s", has, c2d_kind_name(s->kind));
    if (has) {
        CHECK(!isnan(b.minx) && !isnan(b.miny) && !isnan(b.maxx) && !isnan(b.maxy), "NaN in bbox");
        CHECK(b.minx <= b.maxx && b.miny <= b.maxy, "bbox min > max: %.17g %.17g %.17g %.17g", b.minx, b.miny, b.maxx, b.maxy);
    }
    if (ranged) {
        double t = tol_for(m, is_fan(s));
        CHECK(finite_vec(c) && finite_vec(p), "center or position not finite");
        /* (a tile layer's position is its corner, which its tiles need not hold) */
        CHECK(s->kind == C2D_TILES || dist_point(p, s) <= t, "position (%.17g, %.17g) is %.3g off the shape",
              p.x, p.y, dist_point(p, s));
        CHECK(is_compound(s) || c2d_contains(s, c.x, c.y) || dist_point(c, s) <= t,
              "centroid (%.17g, %.17g) is %.3g outside the shape", c.x, c.y, dist_point(c, s));
        if (has)
            CHECK(c.x >= b.minx - t && c.x <= b.maxx + t && c.y >= b.miny - t && c.y <= b.maxy + t,
                  "centroid (%.17g, %.17g) outside the bbox", c.x, c.y);
    }
}

/* Is p inside s's bbox grown by t (a Line: always). */
static int in_bbox(const c2d_shape *s, c2d_vec p, double t)
{
    c2d_bounds b;
    if (!c2d_bbox(s, &b)) return 1;
    return p.x >= b.minx - t && p.x <= b.maxx + t && p.y >= b.miny - t && p.y <= b.maxy + t;
}

/* hits and distance on a pair; returns the distance. */
static double check_pair(const spec *A, const spec *B, int ranged, double extra_mag)
{
    const c2d_shape *a = &A->s, *b = &B->s;
    int hab = c2d_hits(a, b), hba = c2d_hits(b, a);
    c2d_distance_result ab = c2d_distance(a, b), ba = c2d_distance(b, a);
    CHECK(hab == hba, "c2d_hits not symmetric: a,b -> %d, b,a -> %d", hab, hba);
    CHECK(!isnan(ab.distance) && !nan_vec(ab.a) && !nan_vec(ab.b),
          "NaN in distance: %.17g (%.17g, %.17g) (%.17g, %.17g)", ab.distance, ab.a.x, ab.a.y, ab.b.x, ab.b.y);
    CHECK(ab.distance >= 0, "negative distance %.17g", ab.distance);
    CHECK(ab.distance == ba.distance, "distance not symmetric: %.17g vs %.17g", ab.distance, ba.distance);
    CHECK(ab.a.x == ba.b.x && ab.a.y == ba.b.y && ab.b.x == ba.a.x && ab.b.y == ba.a.y,
          "closest points not swapped under symmetry");
    CHECK(hab == (ab.distance == 0), "hits %d but distance %.17g", hab, ab.distance);
    if (hab) CHECK(ab.a.x == ab.b.x && ab.a.y == ab.b.y, "overlapping, but the closest points differ");
    if (ranged) {
        /* Nearly parallel lines meet far away: measure at the points' own magnitude. */
        double m = fmax(shape_mag(a), shape_mag(b)) + extra_mag + fmax(vlen(ab.a), vlen(ab.b));
        double t = tol_for(m, is_fan(a) || is_fan(b));
        double da = dist_point(ab.a, a), db = dist_point(ab.b, b), dd;
        CHECK(isfinite(ab.distance) && finite_vec(ab.a) && finite_vec(ab.b), "distance or points not finite");
        CHECK(da <= t, "closest point on a (%.17g, %.17g) is %.3g from a (tol %.3g)", ab.a.x, ab.a.y, da, t);
        CHECK(db <= t, "closest point on b (%.17g, %.17g) is %.3g from b (tol %.3g)", ab.b.x, ab.b.y, db, t);
        dd = hypot(ab.a.x - ab.b.x, ab.a.y - ab.b.y);
        CHECK(fabs(dd - ab.distance) <= t, "closest points are %.17g apart, distance says %.17g", dd, ab.distance);
        CHECK(in_bbox(a, ab.a, t) && in_bbox(b, ab.b, t), "a closest point lies outside its shape's bbox");
        /* Neither shape holds a point nearer the other than the distance. */
        if (!hab) {
            /* (a tile layer's position, its corner, is no point of it) */
            double e1 = a->kind == C2D_TILES ? INFINITY : dist_point(c2d_position(a), b);
            double e2 = b->kind == C2D_TILES ? INFINITY : dist_point(c2d_position(b), a);
            CHECK(e1 >= ab.distance - t && e2 >= ab.distance - t,
                  "a position is nearer the other shape (%.17g, %.17g) than the distance %.17g", e1, e2, ab.distance);
        }
    }
    return ab.distance;
}

/* The documented resting allowance (README, src/geometry.h
 * C2D_REST_ROUNDING): 64 ulps of the pair's size, which the convex sweep
 * measures as the four supports of each shape in the pair's frame summed
 * (the frame is at one shape's position: the larger of the two is taken,
 * from the boxes, whose sides are the supports). A depth below it is a
 * touch's rounding, from which a sweep may part. */
MAYBE_UNUSED static double rest_tolerance(const c2d_shape *a, const c2d_shape *b)
{
    const c2d_shape *s[2];
    c2d_vec o[2];
    double best = 0;
    int i, k;
    s[0] = a;
    s[1] = b;
    o[0] = c2d_position(a);
    o[1] = c2d_position(b);
    for (k = 0; k < 2; k++) {
        double sum = 0;
        for (i = 0; i < 2; i++) {
            c2d_bounds x;
            if (!c2d_bbox(s[i], &x)) return 0;
            sum += fabs(x.maxx - o[k].x) + fabs(x.minx - o[k].x) + fabs(x.maxy - o[k].y) + fabs(x.miny - o[k].y);
        }
        best = fmax(best, sum);
    }
    return 64 * DBL_EPSILON * best;
}

#if FUZZ_CONTACT
/* Is s a fan opened beyond pi that is neither a point nor a full disk. */
static int wide_fan(const c2d_shape *s)
{
    return s->kind == C2D_FAN && s->opening > PI;
}

/* The convex leaves of s (a compound's pieces, a Group member's own pieces)
 * into out, room at most; how many (more than room: some left out). */
static int leaves_of(const c2d_shape *s, const c2d_shape **out, int room)
{
    const c2d_shape *p;
    int n = c2d_pieces(s, &p), i, k = 0;
    if (n == 0) {
        if (room > 0) out[0] = s;
        return 1;
    }
    for (i = 0; i < n; i++) k += leaves_of(&p[i], out + (k < room ? k : room), k < room ? room - k : 0);
    return k;
}

/* The items a convex leaf brings to a region (its vertices; a wide fan's
 * two halves, four each). */
static int leaf_items(const c2d_shape *s)
{
    switch (s->kind) {
    case C2D_POLYGON: return s->count;
    case C2D_TRIANGLE: return 3;
    case C2D_AABB: case C2D_BOX: return 4;
    case C2D_FAN: return 8;
    case C2D_SEGMENT: case C2D_CAPSULE: return 2;
    default: return 1;
    }
}

/* Does contact of a and b fit the regions' room (docs/shapes.md: at most 128
 * pairs of convex leaves whose boxes come within the boxes' least separation,
 * 1,024 region items)? Beyond it contact follows candidate directions, whose
 * answer separates but need not be least. Counted from above: each pair in
 * reach as two (a wide fan is two halves), and all its items. */
static int contact_in_room(const c2d_shape *a, const c2d_shape *b)
{
    enum { ROOM = 512 };
    static const c2d_shape *la[ROOM], *lb[ROOM];
    int na = leaves_of(a, la, ROOM), nb = leaves_of(b, lb, ROOM), i, j, pairs = 0, items = 0;
    double r0 = fmin(fmin(a->bounds.maxx - b->bounds.minx, b->bounds.maxx - a->bounds.minx),
                     fmin(a->bounds.maxy - b->bounds.miny, b->bounds.maxy - a->bounds.miny));
    if (a->kind == C2D_TILES || b->kind == C2D_TILES || na > ROOM || nb > ROOM) return 0;
    r0 = fmax(r0, 0);
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++) {
            const c2d_bounds *p = &la[i]->bounds, *q = &lb[j]->bounds;
            if (p->minx - r0 > q->maxx || q->minx - r0 > p->maxx || p->miny - r0 > q->maxy || q->miny - r0 > p->maxy) continue;
            pairs += (wide_fan(la[i]) ? 2 : 1) * (wide_fan(lb[j]) ? 2 : 1);
            items += leaf_items(la[i]) + leaf_items(lb[j]);
        }
    return pairs <= 128 && items <= 1024;
}

/* The deepest overlap of a piece of sp moved by d with a piece of other
 * (each pair's own contact); -1 when the move does not build. */
/* The pieces of a tile layer's tiles (at most room; 0 when more). */
enum { TILE_PIECES = 64 };
static int tile_pieces(const spec *sp, const c2d_shape *s, c2d_shape *out, c2d_vec (*verts)[C2D_MAX_TILE_VERTICES])
{
    int col, row, n = 0;
    for (row = 0; row < sp->rows; row++)
        for (col = 0; col < sp->columns; col++) {
            if (n == TILE_PIECES) return 0;
            n += c2d_tiles_piece(s, col, row, &out[n], verts[n]) != 0;
        }
    return n;
}

static double deepest_moved(const spec *sp, c2d_vec d, const spec *other)
{
    static spec moved;
    static c2d_shape ta[TILE_PIECES], tb[TILE_PIECES];
    static c2d_vec va[TILE_PIECES][C2D_MAX_TILE_VERTICES], vb[TILE_PIECES][C2D_MAX_TILE_VERTICES];
    const c2d_shape *pa, *pb;
    double deepest = 0;
    int na, nb, i, j;
    if (!moved_by(&moved, sp, d)) return -1;
    /* (a tile layer's pieces are its tiles': c2d_pieces lists none) */
    na = moved.s.kind == C2D_TILES ? tile_pieces(&moved, &moved.s, ta, va) : c2d_pieces(&moved.s, &pa);
    nb = other->s.kind == C2D_TILES ? tile_pieces(other, &other->s, tb, vb) : c2d_pieces(&other->s, &pb);
    if (moved.s.kind == C2D_TILES && na > 0) pa = ta;
    if (other->s.kind == C2D_TILES && nb > 0) pb = tb;
    if (na == 0) { pa = &moved.s; na = 1; }
    if (nb == 0) { pb = &other->s; nb = 1; }
    for (i = 0; i < na; i++)
        for (j = 0; j < nb; j++) {
            c2d_contact_result r;
            if (c2d_contact(&pa[i], &pb[j], &r) == C2D_OK && r.hit) deepest = fmax(deepest, r.depth);
        }
    return deepest;
}

/* Shape sp moved by d (rebuilt from numbers) hits other. -1 when the move does not build. */
static int hits_moved(const spec *sp, c2d_vec d, const spec *other)
{
    static spec moved;
    if (!moved_by(&moved, sp, d)) return -1;
    return c2d_hits(&moved.s, &other->s);
}

/* The distance from shape sp moved by d to other (-1 when the move does not build). */
static double distance_moved(const spec *sp, c2d_vec d, const spec *other)
{
    static spec moved;
    if (!moved_by(&moved, sp, d)) return -1;
    return c2d_distance(&moved.s, &other->s).distance;
}

static void check_contact(const spec *A, const spec *B, int ranged)
{
    const c2d_shape *a = &A->s, *b = &B->s;
    c2d_contact_result ab, ba;
    c2d_error e1, e2;
    int h = c2d_hits(a, b), i;
    memset(&ab, 0, sizeof ab);
    memset(&ba, 0, sizeof ba);
    e1 = c2d_contact(a, b, &ab);
    e2 = c2d_contact(b, a, &ba);
    CHECK(e1 == e2, "contact errors differ by order: %d vs %d", (int)e1, (int)e2);
    /* Every pair has a contact, non-convex ones (a fan opened beyond pi, a
     * Concave, a Group) included. */
    CHECK(e1 == C2D_OK, "contact: unexpected error %d%s", (int)e1, wide_fan(a) || wide_fan(b) ? " (a wide fan)" : "");
    CHECK(ab.hit == h && ba.hit == h, "contact hit %d/%d but hits %d", ab.hit, ba.hit, h);
    if (!h) return;
    CHECK(!isnan(ab.depth) && !nan_vec(ab.normal) && !nan_vec(ab.point), "NaN in contact: depth %.17g n (%.17g, %.17g) p (%.17g, %.17g)",
          ab.depth, ab.normal.x, ab.normal.y, ab.point.x, ab.point.y);
    CHECK(ab.depth >= 0, "negative depth %.17g", ab.depth);
    CHECK(ab.depth == ba.depth || fabs(ab.depth - ba.depth) <= 1e-12 * ab.depth, "depth not symmetric: %.17g vs %.17g", ab.depth, ba.depth);
    if (ranged && isfinite(ab.depth)) {
        double m = fmax(shape_mag(a), shape_mag(b)), t = tol_moved(m, a, NULL);
        double nl = vlen(ab.normal), step;
        c2d_vec n = ab.normal;
        static const c2d_vec axes[4] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
        CHECK(fabs(nl - 1) <= UNIT_TOL, "contact normal (%.17g, %.17g) has length %.17g", n.x, n.y, nl);
        CHECK(same_numbers(a, b) || (fabs(ab.normal.x + ba.normal.x) <= UNIT_TOL && fabs(ab.normal.y + ba.normal.y) <= UNIT_TOL),
              "contact(b, a) normal (%.17g, %.17g) is not minus (%.17g, %.17g)", ba.normal.x, ba.normal.y, n.x, n.y);
        CHECK(finite_vec(ab.point), "contact point not finite");
        CHECK(dist_point(ab.point, a) <= ab.depth + t && dist_point(ab.point, b) <= ab.depth + t,
              "contact point (%.17g, %.17g) is %.3g from a and %.3g from b (depth %.17g)",
              ab.point.x, ab.point.y, dist_point(ab.point, a), dist_point(ab.point, b), ab.depth);
        /* Moving a by n * (depth + a little) separates them. A compound (or
         * a fan opened beyond pi) may only touch there: the move can end
         * where the line of the normal enters another piece's reach (leaving
         * a concave mouth along a piece's edge), or a touch lasts along the
         * normal (a segment's end sliding along the inner edge of a wide
         * fan); then no pair of pieces overlaps beyond rounding. */
        /* (a Polygon convex only within rounding holds points up to its
         * slack outside its edge lines: README, convexity) */
        step = ab.depth * (1 + 1e-9) + t + (a->kind == C2D_POLYGON ? a->slack : 0) +
               (b->kind == C2D_POLYGON ? b->slack : 0);
        if (is_compound(a) || is_compound(b) || wide_fan(a) || wide_fan(b)) {
            /* Pieces left overlapping by less than four resting allowances
             * count as touching (README: resting contact). */
            double deep = deepest_moved(A, v2(n.x * ab.depth, n.y * ab.depth), B);
            double rest = 4 * rest_tolerance(a, b);
            CHECK(deep <= fmax(t, rest) + 1e-9 * ab.depth, "moving a by normal * depth = %.17g leaves two pieces %.17g deep (normal (%.17g, %.17g))",
                  ab.depth, deep, n.x, n.y);
        } else if (!(a->kind == C2D_LINE && b->kind == C2D_LINE)) {
            /* (Two Lines that lie on one another part along the normal only
             * while they stay parallel, which a Line rebuilt from moved,
             * rounded points need not: then they cross far away.) */
            i = hits_moved(A, v2(n.x * step, n.y * step), B);
            CHECK(i != 1, "moving a by normal * depth * (1 + 1e-9) + %.3g = %.17g does not separate (normal (%.17g, %.17g), depth %.17g)",
                  t, step, n.x, n.y, ab.depth);
        }
        /* No move shorter than depth separates them, along n or an axis: depth
         * is least. Not with a Line: contact pushes a shape to the side of the
         * line its centre is on (src/contact.c), which need not be the nearer.
         * With a compound, as pieces left overlapping by less than four
         * resting allowances count as touching, so do shapes a shorter move
         * leaves apart by less (a slit in a Concave narrower than rounding is
         * taken as closed: README, resting contact). */
        /* (Not where contact leaves its regions for candidate directions:
         * too many pairs of pieces in reach, docs/shapes.md.) */
        step = ab.depth * (1 - 1e-9) - t;
        if (step > 0 && a->kind != C2D_LINE && b->kind != C2D_LINE &&
            (!(is_compound(a) || is_compound(b) || wide_fan(a) || wide_fan(b)) || contact_in_room(a, b))) {
            int loose = is_compound(a) || is_compound(b) || wide_fan(a) || wide_fan(b);
            double rest = fmax(t, 4 * rest_tolerance(a, b));
            c2d_vec d = v2(n.x * step, n.y * step);
            i = hits_moved(A, d, B);
            CHECK(i != 0 || (loose && distance_moved(A, d, B) <= rest),
                  "moving a by %.17g < depth %.17g along the normal already separates (by %.3g)", step, ab.depth,
                  distance_moved(A, d, B));
            for (i = 0; i < 4; i++) {
                int hm;
                d = v2(axes[i].x * step, axes[i].y * step);
                hm = hits_moved(A, d, B);
                CHECK(hm != 0 || (loose && distance_moved(A, d, B) <= rest),
                      "moving a by %.17g along (%g, %g) separates (by %.3g), but depth is %.17g along (%.17g, %.17g)",
                      step, axes[i].x, axes[i].y, distance_moved(A, d, B), ab.depth, n.x, n.y);
            }
        }
    }
}
#endif

#if FUZZ_SWEEP
static void check_sweep(const spec *A, c2d_vec da, const spec *B, c2d_vec db, int ranged)
{
    static spec at_a, at_b;
    const c2d_shape *a = &A->s, *b = &B->s;
    c2d_sweep_result r = c2d_sweep(a, da, b, db), q = c2d_sweep(b, db, a, da);
    c2d_contact_result c0;
    int h0 = c2d_hits(a, b), convex = c2d_contact(a, b, &c0) == C2D_OK;
    /* Non-convex shapes touching at the start may meet again later in the step
     * (a fan opened beyond pi is one: contact answers for it as for its halves). */
    int touch_rule = convex && !is_compound(a) && !is_compound(b) && !(a->kind == C2D_FAN && a->opening > PI) &&
                     !(b->kind == C2D_FAN && b->opening > PI);
    CHECK(!isnan(r.t) && !nan_vec(r.normal) && !nan_vec(r.point), "NaN in sweep: t %.17g n (%.17g, %.17g) p (%.17g, %.17g)",
          r.t, r.normal.x, r.normal.y, r.point.x, r.point.y);
    CHECK(r.hit == q.hit, "sweep hit %d, mirrored %d", r.hit, q.hit);
    /* Overlapping (beyond a touch's rounding) is a hit at t = 0 whatever the
     * motion; shapes that only touch hit at t = 0 when the motion presses
     * them together, else (convex ones) never in the step. */
    /* A compound against a Line: contact pushes it to the side of its centre,
     * which a piece merely touching the Line from the other side need not share. */
    if (ranged && h0 && convex && c0.hit &&
        !((is_compound(a) || is_compound(b)) && (a->kind == C2D_LINE || b->kind == C2D_LINE))) {
        double m = fmax(shape_mag(a), shape_mag(b));
        if (c0.depth > fmax(tol_moved(m, a, b), rest_tolerance(a, b)))
            CHECK(r.hit && r.t == 0, "overlapping by %.17g, but sweep says hit %d t %.17g", c0.depth, r.hit, r.t);
    }
    if (!r.hit) return;
    CHECK(r.t >= 0 && r.t <= 1, "sweep t %.17g outside [0, 1]", r.t);
    CHECK(r.t == 0 || !h0 || !touch_rule, "sweep t %.17g > 0 for convex shapes already touching", r.t);
    CHECK(r.t == q.t || fabs(r.t - q.t) <= 1e-9, "sweep t %.17g, mirrored %.17g", r.t, q.t);
    if (ranged) {
        double m = fmax(shape_mag(a), shape_mag(b)) + vlen(da) + vlen(db), t = tol_moved(m, a, b), d;
        double nl = vlen(r.normal);
        c2d_vec o = v2(0, 0);
        CHECK(fabs(nl - 1) <= UNIT_TOL, "sweep normal (%.17g, %.17g) has length %.17g", r.normal.x, r.normal.y, nl);
        /* Touching at t = 0 with no relative motion, or two equal shapes (both
         * calls then see the same arguments): no direction is preferred. */
        CHECK((r.t == 0 && da.x == db.x && da.y == db.y) || same_numbers(a, b) ||
              (fabs(r.normal.x + q.normal.x) <= UNIT_TOL && fabs(r.normal.y + q.normal.y) <= UNIT_TOL),
              "mirrored sweep normal (%.17g, %.17g) is not minus (%.17g, %.17g)", q.normal.x, q.normal.y, r.normal.x, r.normal.y);
        (void)o;
        if (moved_by(&at_a, A, v2(da.x * r.t, da.y * r.t)) && moved_by(&at_b, B, v2(db.x * r.t, db.y * r.t))) {
            d = c2d_distance(&at_a.s, &at_b.s).distance;
            CHECK(d <= t, "at sweep t %.17g the shapes are %.17g apart (tol %.3g)", r.t, d, t);
            /* (Two Lines nearly parallel cross far away, at a point rounded
             * to its own ulps (0.5 at 4e15), or beyond the largest double,
             * where no point can be: docs/exactness.md, Lines 1e300 away.) */
            double tp = fmax(t, 4 * DBL_EPSILON * fmax(fabs(r.point.x), fabs(r.point.y)));
            CHECK((a->kind == C2D_LINE && b->kind == C2D_LINE && fmax(fabs(r.point.x), fabs(r.point.y)) > 1e300) ||
                  (dist_point(r.point, &at_a.s) <= tp && dist_point(r.point, &at_b.s) <= tp),
                  "sweep point (%.17g, %.17g) is %.3g from a and %.3g from b at t", r.point.x, r.point.y,
                  dist_point(r.point, &at_a.s), dist_point(r.point, &at_b.s));
        }
    }
}
#endif

#if FUZZ_TURNING
/* A shape where its motion puts it at t, built as c2d_sweep_turning builds
 * its poses (c2d_turning_place, src/turning_steps.c): copied, turned by t *
 * angle about the pivot (no turn when that is 0), then moved by t * d. 0
 * when that fails. */
static int turning_pose(c2d_shape *dst, void *storage, const c2d_shape *s, const c2d_motion *m, double t)
{
    double phi = t * m->angle;
    c2d_copy(dst, s, storage);
    if (phi != 0 && c2d_rotate(dst, phi, m->pivot.x, m->pivot.y) != C2D_OK) return 0;
    return c2d_move(dst, t * m->d.x, t * m->d.y) == C2D_OK;
}

/* The sizes the turning sweep's default tolerance is made of (src/turning.c):
 * the smaller shape's size (its box's diagonal; a Point or a Line leaves the
 * other's) and the largest coordinate of the boxes (a Line: of its first point). */
static void turning_sizes(const c2d_shape *a, const c2d_shape *b, double *size_out, double *mag_out)
{
    const c2d_shape *s[2];
    double size = INFINITY, mag = 0;
    int i;
    s[0] = a;
    s[1] = b;
    for (i = 0; i < 2; i++) {
        c2d_bounds x;
        if (c2d_bbox(s[i], &x)) {
            double d = hypot(x.maxx - x.minx, x.maxy - x.miny);
            if (d > 0) size = fmin(size, d);
            mag = fmax(mag, fmax(fmax(fabs(x.minx), fabs(x.maxx)), fmax(fabs(x.miny), fabs(x.maxy))));
        } else {
            mag = fmax(mag, fmax(fabs(s[i]->p[0].x), fabs(s[i]->p[0].y)));
        }
    }
    *size_out = size == INFINITY ? 0 : size;
    *mag_out = mag;
}

/* The tolerance c2d_sweep_turning works to (docs/turning.md): tol when above
 * 0, else 1e-9 of the size, at least 64 ulps of the magnitude and 2^-1000. */
static double turning_tol(const c2d_shape *a, const c2d_shape *b, double tol)
{
    double size, mag;
    if (tol > 0) return tol;
    turning_sizes(a, b, &size, &mag);
    return fmax(1e-9 * size, fmax(64 * DBL_EPSILON * mag, 0x1p-1000));
}

/* Convex, as the turning sweep takes it (its faster paths): no Line, no
 * compound, no layer, no Fan opened beyond pi. */
static int turning_convex(const c2d_shape *s)
{
    return !is_compound(s) && s->kind != C2D_LINE && !(s->kind == C2D_FAN && s->opening > PI);
}

static int motion_finite(const c2d_motion *m)
{
    return finite_vec(m->d) && isfinite(m->angle) && finite_vec(m->pivot);
}

/* The turning sweep's motions and pivots in the documented range (angles: any finite). */
static int turning_in_range(void)
{
    const c2d_motion *m[2];
    int i;
    m[0] = &cur.ma;
    m[1] = &cur.mb;
    for (i = 0; i < 2; i++)
        if (!motion_finite(m[i]) || vlen(m[i]->d) > FUZZ_LIMIT || fabs(m[i]->pivot.x) > FUZZ_LIMIT || fabs(m[i]->pivot.y) > FUZZ_LIMIT)
            return 0;
    return !(cur.ttol > FUZZ_LIMIT);
}

/* The farthest point of s from p (a Line: its first point). */
static double reach_from(const c2d_shape *s, c2d_vec p)
{
    c2d_bounds b;
    if (!c2d_bbox(s, &b)) return vlen(v2(s->p[0].x - p.x, s->p[0].y - p.y));
    return fmax(fmax(vlen(v2(b.minx - p.x, b.miny - p.y)), vlen(v2(b.maxx - p.x, b.miny - p.y))),
                fmax(vlen(v2(b.minx - p.x, b.maxy - p.y)), vlen(v2(b.maxx - p.x, b.maxy - p.y))));
}

/* Without FUZZ_TURNING_SLOW: the motions and tolerance kept clear of the
 * inputs that run the turning sweep out of steps (see the switch). */
static void keep_clear_of_slow(const spec *A, const spec *B)
{
    c2d_motion *m[2];
    const spec *sp[2];
    double sz, mg, floor, path = 0, scale;
    int i;
    if (isnan(cur.ttol) || cur.ttol == INFINITY || !motion_finite(&cur.ma) || !motion_finite(&cur.mb)) return;
    m[0] = &cur.ma; m[1] = &cur.mb;
    sp[0] = A; sp[1] = B;
    /* a shape that does not turn: its pivot plays no part, so the centre */
    for (i = 0; i < 2; i++)
        if (m[i]->angle == 0) m[i]->pivot = c2d_center(&sp[i]->s);
    /* the paths (a turn's reach, the displacements, the pivots turned about
     * each other) at most 2^16 times the gap or the smaller size */
    for (i = 0; i < 2; i++) path += fabs(m[i]->angle) * reach_from(&sp[i]->s, m[i]->pivot) + vlen(m[i]->d);
    path += fmax(fabs(cur.ma.angle), fabs(cur.mb.angle)) * vlen(v2(cur.ma.pivot.x - cur.mb.pivot.x, cur.ma.pivot.y - cur.mb.pivot.y));
    turning_sizes(&A->s, &B->s, &sz, &mg);
    scale = fmax(c2d_distance(&A->s, &B->s).distance, sz);
    if (!(path <= 65536 * scale)) cur.ma.angle = cur.mb.angle = 0;
    /* shapes reaching past 2^20 (a Concave vertex at 2e11 turning beside a
     * turning Line: their bound dwarfs the gap for a minute under ASan) */
    if (!(mg <= 1048576)) cur.ma.angle = cur.mb.angle = 0;
    /* tolerances the poses' rounding allows */
    floor = 64 * DBL_EPSILON * (mg + vlen(cur.ma.d) + vlen(cur.mb.d) + vlen(cur.ma.pivot) + vlen(cur.mb.pivot));
    if (turning_tol(&A->s, &B->s, cur.ttol) < floor) cur.ttol = floor;
    /* a start within the tolerance, not two convex shapes: 1e-9 of it all */
    if ((!turning_convex(&A->s) || !turning_convex(&B->s)) &&
        c2d_distance(&A->s, &B->s).distance <= 2 * turning_tol(&A->s, &B->s, cur.ttol))
        cur.ttol = fmax(turning_tol(&A->s, &B->s, cur.ttol), floor / 64 * 1e-9 / DBL_EPSILON);
}

/* c2d_sweep_turning: a and b moving and turning as cur.ma and cur.mb.
 * Tier 1 (lim: every number in range, whatever FUZZ_ROBUSTNESS_ONLY says):
 * the documented errors and only those; t in [0, 1], a finite normal, unit
 * when lim. Tier 2 (ranged): without turns c2d_sweep's answer bit for bit;
 * certified (the poses at t within the tolerance) and never late (no poses
 * before t, or anywhere in the step when there is no hit, hit, when the
 * shapes start apart). */

/* A Disk or Point turning about its own centre stays as it is. */
static int turns_in_place(const c2d_shape *s, const c2d_motion *m)
{
    return (s->kind == C2D_DISK || s->kind == C2D_POINT) && s->p[0].x == m->pivot.x && s->p[0].y == m->pivot.y;
}

static void check_turning(const spec *A, const spec *B, int ranged, int lim)
{
    const c2d_shape *a = &A->s, *b = &B->s;
    const c2d_motion *ma = &cur.ma, *mb = &cur.mb;
    size_t room_n = c2d_sweep_turning_room(a, b), na = c2d_storage_size(a), nb = c2d_storage_size(b);
    /* exact sizes: ASan sees an overrun */
    void *room = room_n ? malloc(room_n) : NULL, *sa = na ? malloc(na) : NULL, *sb = nb ? malloc(nb) : NULL;
    c2d_shape pa, pb;
    c2d_sweep_result r;
    c2d_error e;
    int nonfinite = !motion_finite(ma) || !motion_finite(mb) || isnan(cur.ttol) || cur.ttol == INFINITY;
    int turn_aabb = (ma->angle != 0 && a->kind == C2D_AABB) || (mb->angle != 0 && b->kind == C2D_AABB);
    int turn_tiles = (ma->angle != 0 && a->kind == C2D_TILES) || (mb->angle != 0 && b->kind == C2D_TILES);
    if ((room_n && !room) || (na && !sa) || (nb && !sb)) goto done;

    e = c2d_sweep_turning(a, ma, b, mb, cur.ttol, room, &r);
    if (nonfinite) {
        CHECK(e == C2D_ERR_NONFINITE, "turning sweep of non-finite motions or tolerance returned %d", (int)e);
    } else if (turn_aabb || turn_tiles) {
        CHECK((turn_aabb && e == C2D_ERR_ROTATE_AABB) || (turn_tiles && e == C2D_ERR_ROTATE_TILES),
              "turning sweep turning %s returned %d", turn_aabb ? "an AABB" : "a tile layer", (int)e);
    } else {
        /* Beyond the range (FUZZ_FULL_RANGE) a pose may overflow. The
         * known findings: see FUZZ_TURNING_STRICT_ERRORS. */
        int known = (!FUZZ_TURNING_STRICT_ERRORS &&
                     ((e == C2D_ERR_ROTATE_AABB && (a->kind == C2D_AABB || b->kind == C2D_AABB) && ma->angle != mb->angle) ||
                      (e == C2D_ERR_NONCONVEX && (a->kind == C2D_POLYGON || b->kind == C2D_POLYGON)) ||
                      (e == C2D_ERR_SAME_POINTS && (a->kind == C2D_LINE || b->kind == C2D_LINE))));
        CHECK(e == C2D_OK || known || (!lim && e == C2D_ERR_NONFINITE),
              "turning sweep returned %d (%s), no documented error", (int)e, c2d_error_message(e));
    }
    if (e != C2D_OK) goto done;
    CHECK(!isnan(r.t) && !nan_vec(r.normal) && !nan_vec(r.point), "NaN in turning sweep: t %.17g n (%.17g, %.17g) p (%.17g, %.17g)",
          r.t, r.normal.x, r.normal.y, r.point.x, r.point.y);
    if (r.hit) {
        CHECK(r.t >= 0 && r.t <= 1, "turning sweep t %.17g outside [0, 1]", r.t);
        CHECK(finite_vec(r.normal), "turning sweep normal (%.17g, %.17g) not finite", r.normal.x, r.normal.y);
        if (lim) CHECK(fabs(vlen(r.normal) - 1) <= UNIT_TOL, "turning sweep normal (%.17g, %.17g) has length %.17g",
                       r.normal.x, r.normal.y, vlen(r.normal));
    }
    if (ranged) {
        /* The poses here and the core's (in one shape's frame) differ by the
         * rounding of turning and moving: ulps of everything involved, the
         * pivots and motions included, and of the angles (turn_slack). */
        double tol = turning_tol(a, b, cur.ttol);
        double m = fmax(shape_mag(a), shape_mag(b)) + vlen(ma->pivot) + vlen(mb->pivot) + vlen(ma->d) + vlen(mb->d);
        double slack = tol_moved(m, a, b) + turn_slack(a, ma->angle, m) + turn_slack(b, mb->angle, m);
        double near = 2 * tol + 2 * slack, d0 = c2d_distance(a, b).distance;
        /* (a Disk or Point turning about its own centre does not turn:
         * docs/turning.md) */
        int turns_a = ma->angle != 0 && !turns_in_place(a, ma), turns_b = mb->angle != 0 && !turns_in_place(b, mb);
        if (!turns_a && !turns_b) {
            c2d_sweep_result q = c2d_sweep(a, ma->d, b, mb->d);
            CHECK(q.hit == r.hit && q.t == r.t && q.normal.x == r.normal.x && q.normal.y == r.normal.y &&
                  q.point.x == r.point.x && q.point.y == r.point.y,
                  "without turns, turning sweep hit %d t %.17g n (%.17g, %.17g) p (%.17g, %.17g), sweep hit %d t %.17g "
                  "n (%.17g, %.17g) p (%.17g, %.17g)", r.hit, r.t, r.normal.x, r.normal.y, r.point.x, r.point.y,
                  q.hit, q.t, q.normal.x, q.normal.y, q.point.x, q.point.y);
        }
        /* Two Lines parallel at the start that turn apart meet at every
         * t > 0 (far away): the core answers t = 0, where they are apart. And
         * Lines turned apart by rounding alone cross far away: never late
         * cannot be judged on them. */
        int lines = a->kind == C2D_LINE && b->kind == C2D_LINE;
        int parallel_start = lines && r.hit && r.t == 0 && ma->angle != mb->angle;
        /* Certified: at t the poses are within the tolerance. */
        if (r.hit && !parallel_start && turning_pose(&pa, sa, a, ma, r.t) && turning_pose(&pb, sb, b, mb, r.t)) {
            double d = c2d_distance(&pa, &pb).distance;
            double np = fmax(near, 4 * DBL_EPSILON * fmax(fabs(r.point.x), fabs(r.point.y)));
            CHECK(d <= near, "at turning sweep t %.17g the poses are %.17g apart (tol %.3g, rounding %.3g)", r.t, d, tol, slack);
            CHECK((lines && fmax(fabs(r.point.x), fabs(r.point.y)) > 1e300) || /* (as for sweep) */
                      (dist_point(r.point, &pa) <= np && dist_point(r.point, &pb) <= np),
                  "turning sweep point (%.17g, %.17g) is %.3g from a and %.3g from b at t %.17g (tol %.3g, rounding %.3g)",
                  r.point.x, r.point.y, dist_point(r.point, &pa), dist_point(r.point, &pb), r.t, tol, slack);
        }
        /* Never late: from a start apart (beyond the start rule), no poses
         * before t hit, nor any in the step when there is no hit. Poses
         * rounded into each other by less than the rounding are let pass
         * where the tolerance does not dwarf the rounding. */
        if (d0 > near && !lines && (turns_a || turns_b)) {
            int k, n = r.hit ? 7 : 8;
            for (k = 1; k <= n; k++) {
                double at = r.hit ? r.t * k / 8 : (double)k / 8;
                if (turning_pose(&pa, sa, a, ma, at) && turning_pose(&pb, sb, b, mb, at) && c2d_hits(&pa, &pb)) {
                    c2d_contact_result c;
                    double depth = c2d_contact(&pa, &pb, &c) == C2D_OK && c.hit ? c.depth : 0;
                    CHECK(tol <= 64 * slack && depth <= 2 * slack,
                          "turning sweep %s, but the poses at t %.17g hit (depth %.3g; apart by %.17g at t = 0; tol %.3g, rounding %.3g)",
                          r.hit ? "hits later" : "never hits", at, depth, d0, tol, slack);
                }
            }
        }
    }
done:
    free(room);
    free(sa);
    free(sb);
}
#endif

#if FUZZ_RAYCAST
static void check_raycast(const spec *S, c2d_vec o, c2d_vec dir, double maxt, int ranged)
{
    const c2d_shape *s = &S->s;
    c2d_sweep_result r = c2d_raycast(s, o, dir, maxt);
    int inside = c2d_contains(s, o.x, o.y);
    CHECK(!isnan(r.t) && !nan_vec(r.normal) && !nan_vec(r.point), "NaN in raycast: t %.17g n (%.17g, %.17g) p (%.17g, %.17g)",
          r.t, r.normal.x, r.normal.y, r.point.x, r.point.y);
    if (inside) CHECK(r.hit && r.t == 0, "ray starts inside, but raycast says hit %d t %.17g", r.hit, r.t);
    if (!r.hit) return;
    CHECK(r.t >= 0 && r.t <= maxt, "raycast t %.17g outside [0, %.17g]", r.t, maxt);
    CHECK(r.t == 0 || !inside, "raycast t %.17g > 0 from inside", r.t);
    if (ranged) {
        double m = shape_mag(s) + fmax(fabs(o.x), fabs(o.y)) + r.t * vlen(dir), t = tol_for(m, is_fan(s));
        c2d_vec p = v2(o.x + r.t * dir.x, o.y + r.t * dir.y);
        double nl = vlen(r.normal), d = dist_point(p, s);
        CHECK(fabs(nl - 1) <= UNIT_TOL, "raycast normal (%.17g, %.17g) has length %.17g", r.normal.x, r.normal.y, nl);
        CHECK(d <= t, "raycast point at t %.17g, (%.17g, %.17g), is %.3g from the shape (tol %.3g)", r.t, p.x, p.y, d, t);
    }
}
#endif

#if FUZZ_TRANSFORM
/* Is s (after a transform) the same as the reference built from mapped numbers:
 * probes at equal distance from both, to tolerance. */
static void same_shape(const c2d_shape *got, const spec *want, const c2d_vec *probes, int np, double t, const char *what)
{
    int i;
    CHECK(got->kind == want->s.kind || (got->kind == C2D_POLYGON && want->hull), "%s changed the kind", what);
    for (i = 0; i < np; i++) {
        double d1, d2;
        if (!(fabs(probes[i].x) <= FUZZ_LIMIT && fabs(probes[i].y) <= FUZZ_LIMIT)) continue;
        d1 = dist_point(probes[i], got);
        d2 = dist_point(probes[i], &want->s);
        CHECK(fabs(d1 - d2) <= t, "%s: probe (%.17g, %.17g) is %.17g from the result, %.17g from the expected shape (tol %.3g)",
              what, probes[i].x, probes[i].y, d1, d2, t);
    }
}

/* Did a failed transform leave the shape as it was. */
static void unchanged(const c2d_shape *got, const c2d_shape *was, const char *what)
{
    double x[2 * C2D_MAX_VERTICES + 1], y[2 * C2D_MAX_VERTICES + 1];
    int n = c2d_numbers(got, x), m = c2d_numbers(was, y), i;
    CHECK(n == m && got->kind == was->kind, "failed %s changed the shape", what);
    for (i = 0; i < n; i++) CHECK(x[i] == y[i], "failed %s changed number %d: %.17g -> %.17g", what, i, y[i], x[i]);
}

/* Every number of a built shape finite (a transform must never leave one that is not). */
static void all_finite(const c2d_shape *s, const char *what)
{
    double x[2 * C2D_MAX_VERTICES + 1];
    int n = c2d_numbers(s, x), i;
    for (i = 0; i < n; i++) CHECK(isfinite(x[i]), "%s left number %d non-finite: %.17g", what, i, x[i]);
}

/* Compounds: every transform on copies (tier 1), and moving both keeps the distance. */
static void check_compound_transforms(const spec *A, const spec *B, double d0, int ranged)
{
    static spec a2, b2;
    double m = fmax(shape_mag(&A->s), shape_mag(&B->s));
    int rng = ranged && fabs(cur.move.x) <= FUZZ_LIMIT && fabs(cur.move.y) <= FUZZ_LIMIT;
    c2d_error ea, eb;
    spec_copy(&a2, A); spec_copy(&b2, B);
    ea = c2d_move(&a2.s, cur.move.x, cur.move.y);
    eb = c2d_move(&b2.s, cur.move.x, cur.move.y);
    if (ea == C2D_OK && eb == C2D_OK) {
        double d1 = check_pair(&a2, &b2, rng, vlen(cur.move));
        if (rng) CHECK(fabs(d1 - d0) <= tol_moved(m + vlen(cur.move), &A->s, &B->s),
                       "moving both by (%.17g, %.17g) changed the distance %.17g -> %.17g", cur.move.x, cur.move.y, d0, d1);
    }
    spec_copy(&a2, A); spec_copy(&b2, B);
    ea = c2d_move_to(&a2.s, cur.tro.x, cur.tro.y);
    if (ea == C2D_OK) {
        c2d_vec p = c2d_position(&a2.s);
        CHECK(p.x == cur.tro.x && p.y == cur.tro.y, "c2d_move_to: position (%.17g, %.17g)", p.x, p.y);
    }
    spec_copy(&a2, A);
    ea = c2d_rotate(&a2.s, cur.angle, cur.tro.x, cur.tro.y);
    eb = c2d_rotate(&b2.s, cur.angle, cur.tro.x, cur.tro.y);
    if (ea == C2D_OK && eb == C2D_OK) check_pair(&a2, &b2, 0, 0);
    spec_copy(&a2, A); spec_copy(&b2, B);
    ea = c2d_scale(&a2.s, cur.k, cur.tro.x, cur.tro.y);
    eb = c2d_scale(&b2.s, cur.k, cur.tro.x, cur.tro.y);
    if (!(cur.k >= 0)) CHECK(ea == C2D_ERR_SCALE, "scale by %.17g returned %d", cur.k, (int)ea);
    if (ea == C2D_OK && eb == C2D_OK) check_pair(&a2, &b2, 0, 0);
}

static void check_transforms(const spec *A, const spec *B, double d0, int ranged)
{
    static spec a2, b2, ref;
    c2d_vec o = cur.tro, zero = v2(0, 0), probes[6];
    double m = fmax(shape_mag(&A->s), shape_mag(&B->s));
    int np = 0, ok_a, rng;
    c2d_error ea, eb;

    probes[np++] = cur.origin;
    probes[np++] = c2d_position(&B->s);
    probes[np++] = c2d_center(&A->s);
    probes[np++] = v2(cur.origin.x + cur.dir.x, cur.origin.y + cur.dir.y);
    probes[np++] = o;
    probes[np++] = v2(-cur.origin.y, cur.origin.x);

    /* Move both: the distance stays. */
    spec_copy(&a2, A); spec_copy(&b2, B);
    ea = c2d_move(&a2.s, cur.move.x, cur.move.y);
    eb = c2d_move(&b2.s, cur.move.x, cur.move.y);
    ok_a = rebuilt(&ref, A, 1, 0, zero, cur.move);
    CHECK((ea == C2D_OK) == ok_a, "c2d_move returned %d, the moved numbers %s", (int)ea, ok_a ? "build" : "do not build");
    if (ea != C2D_OK) unchanged(&a2.s, &A->s, "move"); else all_finite(&a2.s, "move");
    if (eb != C2D_OK) unchanged(&b2.s, &B->s, "move"); else all_finite(&b2.s, "move");
    rng = ranged && fabs(cur.move.x) <= FUZZ_LIMIT && fabs(cur.move.y) <= FUZZ_LIMIT;
    if (ea == C2D_OK && rng) {
        double mp = m + vlen(cur.move) + vlen(probes[0]) + vlen(probes[3]);
        same_shape(&a2.s, &ref, probes, np, tol_moved(mp, &A->s, NULL), "move");
    }
    /* Two Lines meet unless exactly parallel, which rounding in a move can change. */
    rng = rng && !(A->s.kind == C2D_LINE && B->s.kind == C2D_LINE);
    if (ea == C2D_OK && eb == C2D_OK) {
        double d1 = check_pair(&a2, &b2, rng, vlen(cur.move));
        if (rng) CHECK(fabs(d1 - d0) <= tol_moved(m + vlen(cur.move), &A->s, &B->s),
                       "moving both by (%.17g, %.17g) changed the distance %.17g -> %.17g", cur.move.x, cur.move.y, d0, d1);
    }

    /* move_to: the position lands exactly. */
    spec_copy(&a2, A);
    ea = c2d_move_to(&a2.s, cur.tro.x, cur.tro.y);
    if (ea == C2D_OK) {
        c2d_vec p = c2d_position(&a2.s);
        all_finite(&a2.s, "move_to");
        CHECK(p.x == cur.tro.x && p.y == cur.tro.y, "c2d_move_to: position (%.17g, %.17g)", p.x, p.y);
    } else {
        unchanged(&a2.s, &A->s, "move_to");
    }

    /* Rotate both about o: the distance stays. */
    spec_copy(&a2, A); spec_copy(&b2, B);
    ea = c2d_rotate(&a2.s, cur.angle, o.x, o.y);
    eb = c2d_rotate(&b2.s, cur.angle, o.x, o.y);
    if (A->s.kind == C2D_AABB) CHECK(ea == C2D_ERR_ROTATE_AABB, "rotating an AABB returned %d", (int)ea);
    if (ea != C2D_OK) unchanged(&a2.s, &A->s, "rotate"); else all_finite(&a2.s, "rotate");
    if (eb != C2D_OK) unchanged(&b2.s, &B->s, "rotate"); else all_finite(&b2.s, "rotate");
    rng = ranged && fabs(o.x) <= FUZZ_LIMIT && fabs(o.y) <= FUZZ_LIMIT;
    if (ea == C2D_OK && rng && rebuilt(&ref, A, 1, cur.angle, o, zero)) {
        /* Far from o a turn moves points by up to |p - o|; cos/sin carry an ulp of it. */
        double mr = m + 2 * vlen(o) + vlen(probes[0]) + vlen(probes[3]);
        same_shape(&a2.s, &ref, probes, np, tol_moved(mr, &A->s, NULL) + turn_slack(&A->s, cur.angle, mr), "rotate");
    }
    rng = rng && !(A->s.kind == C2D_LINE && B->s.kind == C2D_LINE);
    if (ea == C2D_OK && eb == C2D_OK) {
        double d1 = check_pair(&a2, &b2, rng, 2 * vlen(o));
        if (rng) {
            double mr = m + 2 * vlen(o);
            CHECK(fabs(d1 - d0) <= tol_moved(mr, &A->s, &B->s) + turn_slack(&A->s, cur.angle, mr) + turn_slack(&B->s, cur.angle, mr),
                  "rotating both by %.17g about (%.17g, %.17g) changed the distance %.17g -> %.17g", cur.angle, o.x, o.y, d0, d1);
        }
    }

    /* Scale both about o by k: the distance scales by k. */
    spec_copy(&a2, A); spec_copy(&b2, B);
    ea = c2d_scale(&a2.s, cur.k, o.x, o.y);
    eb = c2d_scale(&b2.s, cur.k, o.x, o.y);
    if (!(cur.k >= 0)) CHECK(ea == C2D_ERR_SCALE, "scale by %.17g returned %d", cur.k, (int)ea);
    if (A->s.kind == C2D_LINE && cur.k == 0) CHECK(ea == C2D_ERR_LINE_SCALE, "scaling a Line by 0 returned %d", (int)ea);
    if (ea != C2D_OK) unchanged(&a2.s, &A->s, "scale"); else all_finite(&a2.s, "scale");
    if (eb != C2D_OK) unchanged(&b2.s, &B->s, "scale"); else all_finite(&b2.s, "scale");
    rng = ranged && fabs(o.x) <= FUZZ_LIMIT && fabs(o.y) <= FUZZ_LIMIT && cur.k <= 1e3 && (m + vlen(o)) * cur.k <= FUZZ_LIMIT &&
          !(A->s.kind == C2D_LINE && B->s.kind == C2D_LINE);
    if (ea == C2D_OK && eb == C2D_OK) {
        double ms = (m + 2 * vlen(o)) * (1 + cur.k);
        double d1 = check_pair(&a2, &b2, rng, 2 * vlen(o));
        if (rng) CHECK(fabs(d1 - cur.k * d0) <= tol_moved(ms, &A->s, &B->s),
                       "scaling both by %.17g about (%.17g, %.17g) gave distance %.17g, want %.17g", cur.k, o.x, o.y, d1, cur.k * d0);
    }
}
#endif

/* The outline: points on the shape's boundary, never more than promised. */
static void check_outline(const spec *S, int segments, int ranged)
{
    const c2d_shape *s = &S->s;
    int seg = segments < 3 ? 3 : segments > 4093 ? 4093 : segments;
    int room = s->kind == C2D_POLYGON ? s->count : is_compound(s) ? 4 * (seg + 3) + 4 * CONCAVE_MAX + 1024 : seg + 3, n, i;
    c2d_vec *out;
    out = (c2d_vec *)malloc(sizeof *out * (size_t)room);   /* exact size: ASan sees an overrun */
    if (out == NULL) return;
    n = c2d_outline(s, segments, out, room);
    /* A Group has no one outline (its members have theirs): 0 points. */
    if (s->kind == C2D_GROUP || s->kind == C2D_TILES) CHECK(n == 0, "c2d_outline of a %s returned %d points", c2d_kind_name(s->kind), n);
    else CHECK(n >= 1 && n <= room, "c2d_outline returned %d points (room %d)", n, room);
    for (i = 0; i < n; i++) CHECK(!nan_vec(out[i]), "NaN in outline point %d", i);
    if (ranged) {
        /* Arc points come from cos/sin of direction +- a share of the opening,
         * the fan's own edges from angle sums: they agree to ulps of the angle. */
        double t = tol_for(shape_mag(s), 0) + 1e-15 * shape_mag(s) + turn_slack(s, 0, shape_mag(s));
        for (i = 0; i < n; i++) {
            double d = dist_point(out[i], s);
            CHECK(d <= t, "outline point %d (%.17g, %.17g) is %.3g off the shape", i, out[i].x, out[i].y, d);
        }
    }
    free(out);
}

#if FUZZ_COVERS
/* covers: a bounded shape holds itself and each of its pieces; when a holds
 * b, they hit, and b's outline points (its pieces', for a compound) and
 * centres lie in a, within the tolerance of the outline points. */
static void check_covers(const spec *A, const spec *B, int ranged)
{
    static c2d_vec pts[C2D_MAX_VERTICES + 64];
    const c2d_shape *a = &A->s, *b = &B->s, *pieces;
    int ab = c2d_covers(a, b), n, i, k, m;
    (void)c2d_covers(b, a);
    if (!ranged) return;
    if (a->kind != C2D_LINE) {
        CHECK(c2d_covers(a, a), "a does not cover itself");
        n = c2d_pieces(a, &pieces);
        for (i = 0; i < n; i++) CHECK(c2d_covers(a, &pieces[i]), "a does not cover its piece %d", i);
    }
    if (!ab) return;
    CHECK(c2d_hits(a, b), "a covers b but they do not hit");
    if (b->kind == C2D_LINE) return;
    n = c2d_pieces(b, &pieces);
    for (k = -1; k < n; k++) {
        const c2d_shape *p = k < 0 ? b : &pieces[k];
        double t = tol_for(fmax(shape_mag(a), shape_mag(p)), is_fan(a) || is_fan(p)) + 1e-15 * shape_mag(p) + turn_slack(p, 0, shape_mag(p));
        c2d_vec c = c2d_center(p);
        double d = dist_point(c, a);
        if (p->kind == C2D_TILES) { /* its centre is the map's: its tiles' pieces' instead */
            int col, row;
            for (row = 0; row < B->rows; row++)
                for (col = 0; col < B->columns; col++) {
                    c2d_shape tp;
                    c2d_vec tv[C2D_MAX_TILE_VERTICES];
                    if (!c2d_tiles_piece(p, col, row, &tp, tv)) continue;
                    c = c2d_center(&tp);
                    d = dist_point(c, a);
                    CHECK(d <= t, "a covers b, but the centre (%.17g, %.17g) of b's tile (%d, %d) is %.3g from a", c.x, c.y, col, row, d);
                }
            continue;
        }
        /* (a compound's centre need not lie in it: a C's, or a Group's of
         * three segments apart; its pieces are checked one by one) */
        if (is_compound(p)) continue;
        CHECK(d <= t, "a covers b, but the centre (%.17g, %.17g) of b's piece %d is %.3g from a", c.x, c.y, k, d);
        m = c2d_outline(p, 24, pts, C2D_MAX_VERTICES + 64);
        for (i = 0; i < m; i++) {
            d = dist_point(pts[i], a);
            CHECK(d <= t, "a covers b, but outline point (%.17g, %.17g) of b's piece %d is %.3g from a", pts[i].x, pts[i].y, k, d);
        }
    }
}
#endif

/* The World answers exactly as the pair queries do (every finite input):
 * with A and B in a world, collisions holds the pair, each one's query the
 * other, and a ray the shapes c2d_raycast says it meets, exactly when the
 * queries on the two shapes say so. The broadphase must never drop a pair
 * hits takes (shapes whose boxes are apart by rounding hits allows). Run
 * with the default cell and with one far smaller than the shapes (their
 * boxes then go to the list of big shapes). */
static void check_world(spec *A, spec *B)
{
    c2d_shape *a = &A->s, *b = &B->s;
    int h = c2d_hits(a, b), k, i, n, sa, sb;
    int ray_a = c2d_raycast(a, cur.origin, cur.dir, cur.maxt).hit, ray_b = c2d_raycast(b, cur.origin, cur.dir, cur.maxt).hit;
    double cells[2];
    c2d_bounds bx;
    cells[0] = 64;
    cells[1] = c2d_bbox(a, &bx) ? fmax(bx.maxx - bx.minx, bx.maxy - bx.miny) / 1024 : 0;
    for (k = 0; k < 2; k++) {
        c2d_world *w = c2d_world_new(cells[k]);
        const int *slots, *pairs;
        const c2d_world_hit *hits;
        int found_a = 0, found_b = 0;
        if (w == NULL) return;
        sa = c2d_world_add(w, a, 1, ~0u);
        sb = c2d_world_add(w, b, 1, ~0u);
        if (sa < 0 || sb < 0) { c2d_world_free(w); return; }
        n = c2d_world_collisions(w, &pairs);
        CHECK(n == h, "world (cell %.17g): %d collision pairs, but hits says %d", cells[k], n, h);
        n = c2d_world_query(w, a, sa, NULL, &slots);
        CHECK(n == h && (n == 0 || slots[0] == sb), "world (cell %.17g): query(a) finds %d shapes, but hits says %d", cells[k], n, h);
        n = c2d_world_query(w, b, sb, NULL, &slots);
        CHECK(n == h && (n == 0 || slots[0] == sa), "world (cell %.17g): query(b) finds %d shapes, but hits says %d", cells[k], n, h);
        n = c2d_world_raycast(w, cur.origin, cur.dir, cur.maxt, NULL, &hits);
        for (i = 0; i < n; i++) {
            found_a |= hits[i].slot == sa;
            found_b |= hits[i].slot == sb;
        }
        CHECK(found_a == ray_a && found_b == ray_b, "world (cell %.17g): the ray meets a %d, b %d, but raycast says %d, %d",
              cells[k], found_a, found_b, ray_a, ray_b);
        c2d_world_free(w);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static spec A, B;
    reader r;
    int ranged, rng_motion, rng_ray;
    double d0;
    r.p = data;
    r.n = size;
    r.prev = 0;
    memset(&cur, 0, sizeof cur);
#ifdef FUZZ_NO_ABORT
    if (setjmp(abandon)) return 0;
#endif

    cur.stage = "construct A";
    cur.a = &A;
    decode_shape(&r, &A, 1);
    cur.stage = "construct B";
    cur.b = &B;
    decode_shape(&r, &B, 0);

    cur.da.x = finite_number(&r); cur.da.y = finite_number(&r);
    cur.db.x = finite_number(&r); cur.db.y = finite_number(&r);
    cur.origin.x = finite_number(&r); cur.origin.y = finite_number(&r);
    cur.dir.x = finite_number(&r); cur.dir.y = finite_number(&r);
    cur.maxt = fabs(finite_number(&r));
    cur.move.x = number(&r); cur.move.y = number(&r);          /* non-finite: must be refused */
    cur.angle = number(&r);
    cur.k = number(&r);
    cur.tro.x = finite_number(&r); cur.tro.y = finite_number(&r);
    {
        unsigned sb = byte(&r);
        cur.segments = sb < 250 ? (int)sb % 70 : sb == 250 ? 1000000 : sb == 251 ? 2147483647 : -(int)sb;
    }
    decode_motion(&r, &A, cur.da, &cur.ma, NULL, &cur.ttol);
    decode_motion(&r, &B, cur.db, &cur.mb, &cur.ma, NULL);
    cur.turning = 1;
    if (getenv("FUZZ_PRINT")) { fprintf(stderr, "input:\n"); print_input(); }
    if (!A.ok || !B.ok) return 0;
#if FUZZ_TURNING
    if (!FUZZ_TURNING_SLOW) keep_clear_of_slow(&A, &B);
#endif

    /* FUZZ_ROBUSTNESS_ONLY=1 (make check's short run) checks tier 1 only. */
    {
        const char *ro = getenv("FUZZ_ROBUSTNESS_ONLY");
        ranged = !(ro != NULL && ro[0] != '\0' && ro[0] != '0') &&
                 in_range(&A, FUZZ_LIMIT) && in_range(&B, FUZZ_LIMIT);
    }
    cur.stage = "shape facts";
    check_shape(&A, ranged);
    check_shape(&B, ranged);
    cur.stage = "hits/distance";
    d0 = check_pair(&A, &B, ranged, 0);
    cur.stage = "world";
    check_world(&A, &B);
    cur.stage = "outline";
    check_outline(&A, cur.segments, ranged);
#if FUZZ_CONTACT
    cur.stage = "contact";
    check_contact(&A, &B, ranged);
#endif
#if FUZZ_COVERS
    cur.stage = "covers";
    check_covers(&A, &B, ranged);
#endif
#if FUZZ_SWEEP
    rng_motion = ranged && vlen(cur.da) <= FUZZ_LIMIT && vlen(cur.db) <= FUZZ_LIMIT;
    cur.stage = "sweep";
    check_sweep(&A, cur.da, &B, cur.db, rng_motion);
#else
    (void)rng_motion;
#endif
#if FUZZ_TURNING
    cur.stage = "sweep_turning";
    check_turning(&A, &B, ranged && turning_in_range(), in_range(&A, FUZZ_LIMIT) && in_range(&B, FUZZ_LIMIT) && turning_in_range());
#endif
#if FUZZ_RAYCAST
    rng_ray = ranged && fabs(cur.origin.x) <= FUZZ_LIMIT && fabs(cur.origin.y) <= FUZZ_LIMIT &&
              cur.maxt * vlen(cur.dir) <= FUZZ_LIMIT;
    cur.stage = "raycast";
    check_raycast(&A, cur.origin, cur.dir, cur.maxt, rng_ray);
    check_raycast(&B, cur.origin, cur.dir, cur.maxt, rng_ray);
#else
    (void)rng_ray;
#endif
#if FUZZ_TRANSFORM
    cur.stage = "transforms";
    if (A.compound || B.compound) check_compound_transforms(&A, &B, d0, ranged);
    else check_transforms(&A, &B, d0, ranged);
#else
    (void)d0;
#endif
    return 0;
}
