/*
 * The pair queries where one shape is a compound (Concave, Group). A
 * compound is the union of its pieces, so:
 *   hits, contains   any piece;
 *   distance         the least over pieces (a hit first: then 0);
 *   raycast, sweep   the earliest over pieces (a sweep that starts in
 *                    overlap takes the whole pair's contact normal); a
 *                    sweep also sees a zero-width shape run along a cut
 *                    between pieces (see "sweep along a cut");
 *   contact          compound_contact.c;
 *   covers           covers.c.
 * Only the pieces whose boxes come near the other shape are tried: the tree
 * (a median split of the pieces' boxes) is walked with the other's box.
 */
#include <float.h>
#include <string.h>
#include "compound_query.h"
#include "convex.h"

/* ---- hits, distance, raycast ---- */

int c2d_compound_hits(const c2d_shape *a, const c2d_shape *b)
{
    piece_walk w;
    const c2d_shape *p;
    if (!c2d_is_compound(a)) { const c2d_shape *t = a; a = b; b = t; }
    c2d_walk_start(&w, a);
    while ((p = c2d_walk_next(&w, &b->bounds, 0)) != NULL)
        if (c2d_hits(p, b)) return 1;
    return 0;
}

c2d_distance_result c2d_compound_distance(const c2d_shape *a, const c2d_shape *b)
{
    c2d_distance_result best, r;
    piece_walk w;
    const c2d_shape *p;
    /* Two compounds: the pieces of the first in the canonical order are
     * walked, so that both orders give the same points. */
    if (!c2d_is_compound(a) || (c2d_is_compound(b) && c2d_shape_order(a, b) > 0)) {
        c2d_vec t;
        best = c2d_compound_distance(b, a);
        t = best.a; best.a = best.b; best.b = t;
        return best;
    }
    best.distance = C2D_INF;
    best.a = best.b = v2(0, 0);
    /* A hit first: then any hitting piece gives 0 and a common point. */
    c2d_walk_start(&w, a);
    while ((p = c2d_walk_next(&w, &b->bounds, 0)) != NULL)
        if (c2d_hits(p, b)) return c2d_distance(p, b);
    c2d_walk_start(&w, a);
    while ((p = c2d_walk_next(&w, &b->bounds, best.distance)) != NULL) {
        r = c2d_distance(p, b);
        if (r.distance < best.distance) best = r;
    }
    return best;
}

/* The box of a ray's reach (the whole plane when it is not a number). */
static void ray_box(c2d_vec o, c2d_vec d, double t, c2d_bounds *box)
{
    c2d_vec e = v2(o.x + d.x * t, o.y + d.y * t);
    if (!isfinite(e.x) || !isfinite(e.y)) {
        box->minx = box->miny = -C2D_INF;
        box->maxx = box->maxy = C2D_INF;
        return;
    }
    box->minx = dmin(o.x, e.x); box->maxx = dmax(o.x, e.x);
    box->miny = dmin(o.y, e.y); box->maxy = dmax(o.y, e.y);
}

c2d_sweep_result c2d_compound_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt)
{
    c2d_sweep_result best, r;
    c2d_bounds box;
    piece_walk w;
    const c2d_shape *p;
    double reach = maxt;
    memset(&best, 0, sizeof best);
    ray_box(origin, dir, reach, &box);
    c2d_walk_start(&w, s);
    while ((p = c2d_walk_next(&w, &box, 0)) != NULL) {
        r = c2d_raycast(p, origin, dir, reach);
        if (!r.hit || (best.hit && r.t >= best.t)) continue;
        best = r;
        if (r.t == 0) break;
        reach = r.t;
        ray_box(origin, dir, reach, &box);
    }
    return best;
}

/* ---- sweep ---- */

/* ---- sweep along a cut ----
 *
 * Each piece's sweep counts a graze (the shadows across the motion flush on
 * one side) as no hit, which is right for one convex shape. A mover whose
 * shadow across the motion has no width (a Point, or a Segment, a radius-0
 * Capsule, a flat AABB lying along the motion) can graze pieces on both sides
 * of its line at once where they abut along that line: there it runs inside
 * the union, along a cut between pieces (a diagonal of a Concave, the seam of
 * two members of a Group), and the union is hit where it first reaches such a
 * stretch. A mover of any width flush on both sides is outside, in a slot
 * exactly its width, and one flush on one side only slides along the outline:
 * neither is a hit.
 *
 * On the line of motion, each piece lying flat on it (an edge, or a rounded
 * piece's straight side) on one side covers a closed span; the union's
 * inside along the line is where spans of both sides cover a stretch just
 * ahead. The mover hits at the first such point it reaches. The sides and
 * spans of sharp pieces are plain cross and dot products with the motion
 * scaled by a power of two, exact for integer coordinates, so that a mover
 * ending exactly at a cut's end hits at t = 1; rounded or turned pieces are
 * flat within their shadows' rounding, as the pieces' own sweeps allow.
 */

/* Is X's core sharp points only, with no rounding (a Point, a Segment, or a
 * shape flattened to one; the caller asks how many points and whether they
 * enclose an area). */
static int sharp_core(const body *X)
{
    return X->type == BODY_POLY && X->r == 0 && X->tol == 0;
}

/* A zero-width mover's line of motion, in the frame at its position o. */
typedef struct cut_line {
    c2d_vec o;
    c2d_vec m;          /* the motion relative to the compound, scaled by a power of two */
    double len;         /* |m| */
    double side;        /* the line: vcross(m, p) for its points p */
    double lo, hi;      /* the mover's span along the line, vdot(m, p) */
    double travel;      /* how far the span moves in the step */
    c2d_vec front;      /* the mover's point at hi */
    c2d_bounds box;     /* where the mover goes in the step */
} cut_line;

/* Is x (not a compound) of zero width across move, and its line then, up
 * to tmax of the step. */
static int cut_line_of(const c2d_shape *x, c2d_vec move, double tmax, cut_line *cl)
{
    c2d_vec at[2];
    double big = dmax(fabs(move.x), fabs(move.y));
    int i, n;
    if (!(big > 0 && big < C2D_INF)) return 0;
    cl->o = x->p[0];
    switch (x->kind) {
    case C2D_POINT: n = 1; at[0] = v2(0, 0); break;
    case C2D_SEGMENT: n = 2; at[0] = v2(0, 0); at[1] = vsub(x->p[1], cl->o); break;
    case C2D_LINE: return 0;
    case C2D_DISK: case C2D_CAPSULE: case C2D_FAN: if (x->radius > 0) return 0; /* fall through */
    default: {
        body X;
        if (x->ccw != 0) return 0; /* a Box, AABB, Triangle or Polygon with area */
        c2d_body(&X, x, &cl->o);
        /* No interior: a core of one or two points. */
        if (!sharp_core(&X) || X.orient != 0 || X.n > 2) return 0;
        n = X.n;
        for (i = 0; i < n; i++) at[i] = c2d_bv(&X, i);
    }
    }
    /* Products of the frame's numbers with m stay far from overflow. */
    cl->m = big < C2D_RANGE_LO || big > C2D_RANGE_HI ? vldexp(move, -ilogb(big)) : move; /* (2^-e may be past the doubles) */
    cl->side = vcross(cl->m, at[0]);
    cl->lo = cl->hi = vdot(cl->m, at[0]);
    cl->front = at[0];
    if (n == 2) {
        double d = vdot(cl->m, at[1]);
        if (vcross(cl->m, at[1]) != cl->side) return 0;
        if (d > cl->hi) { cl->hi = d; cl->front = at[1]; }
        cl->lo = dmin(cl->lo, d);
    }
    cl->len = vlen(cl->m);
    cl->travel = vdot(cl->m, move);
    move = vscale(move, tmax);
    cl->box = x->bounds;
    cl->box.minx = dmin(cl->box.minx, cl->box.minx + move.x); cl->box.maxx = dmax(cl->box.maxx, cl->box.maxx + move.x);
    cl->box.miny = dmin(cl->box.miny, cl->box.miny + move.y); cl->box.maxy = dmax(cl->box.maxy, cl->box.maxy + move.y);
    return cl->travel > 0 && cl->travel < C2D_INF;
}

/* The corners of a piece with a sharp core and an interior read straight
 * from the shape (no body to build: the cut test passes every piece near the
 * mover), or NULL. */
static const c2d_vec *sharp_corners(const c2d_shape *s, c2d_vec *own, int *n)
{
    if (s->ccw == 0 || s->radius > 0) return NULL;
    switch (s->kind) {
    case C2D_POLYGON: if (s->slack > 0) return NULL; *n = s->count; return s->verts;
    case C2D_TRIANGLE: *n = 3; return s->p;
    case C2D_AABB: *n = 4; c2d_aabb_corners(s, own); return own;
    default: return NULL;
    }
}

/* Which side of the line a convex piece stands on with a flat part on it
 * (+1 left of the motion, -1 right, 0 neither: apart, across, no area, or
 * touching at one point), and that part's span [*lo, *hi] along the line. */
static int flat_side(const cut_line *cl, const c2d_shape *s, double *lo, double *hi)
{
    body B;
    c2d_vec own[4];
    double below, above, err = 0, rim = 0, side;
    int i, n = 0, found = 0;
    const c2d_vec *v = sharp_corners(s, own, &n);
    if (v) {
        /* Exact for integers: the frame's subtraction and the products. */
        below = above = vcross(cl->m, vsub(v[0], cl->o)) - cl->side;
        for (i = 1; i < n; i++) {
            double d = vcross(cl->m, vsub(v[i], cl->o)) - cl->side;
            below = dmin(below, d);
            above = dmax(above, d);
        }
    } else {
        /* The shadow and its rounding as the pieces' own sweeps take them. */
        c2d_vec u = vunit(vperp(cl->m));
        c2d_body(&B, s, &cl->o);
        if (B.type == BODY_LINE || (B.type == BODY_POLY && B.r == 0 && B.orient == 0)) return 0;
        n = c2d_corner_count(&B);
        above = c2d_support(&B, u) * cl->len - cl->side;
        below = -c2d_support(&B, vscale(u, -1)) * cl->len - cl->side;
        if (B.type == BODY_POLY) rim = B.r * cl->len;
        err = c2d_ulps(C2D_SLIDE_ROUNDING, fabs(below) + fabs(above) + fabs(cl->side) + (B.r + B.tol) * cl->len) +
              B.tol * cl->len;
    }
    if (fabs(below) <= err && above > err) side = 1;
    else if (fabs(above) <= err && below < -err) side = -1;
    else return 0;
    for (i = 0; i < n; i++) {
        c2d_vec c = v ? vsub(v[i], cl->o) : c2d_corner(&B, i);
        double d = vdot(cl->m, c);
        if (fabs(vcross(cl->m, c) - cl->side - side * rim) > err) continue;
        if (!found++) *lo = *hi = d;
        *lo = dmin(*lo, d);
        *hi = dmax(*hi, d);
    }
    return found >= 2 && *hi > *lo ? (int)side : 0;
}

/* What the flat parts say about the stretch just ahead of the point at of
 * the line: covered on the left [0] and right [1], and where not, the
 * nearest start of a flat part beyond at. */
typedef struct cut_cover {
    double at;
    int covered[2];
    double next[2];
} cut_cover;

static void cover_piece(const cut_line *cl, const c2d_shape *s, cut_cover *cv)
{
    double lo = 0, hi = 0;
    int side = flat_side(cl, s, &lo, &hi), k = side > 0 ? 0 : 1;
    if (side == 0) return;
    if (lo <= cv->at && cv->at < hi) cv->covered[k] = 1;
    else if (lo > cv->at && lo < cv->next[k]) cv->next[k] = lo;
}

/* cover_piece over the convex pieces of compound c within the mover's reach. */
static void cover_pieces(const cut_line *cl, const c2d_shape *c, cut_cover *cv)
{
    piece_walk w;
    const c2d_shape *p;
    c2d_walk_start(&w, c);
    while ((p = c2d_walk_next(&w, &cl->box, 0)) != NULL) {
        if (c2d_is_compound(p)) {
            cover_pieces(cl, p, cv);
        } else if (c2d_wide_fan(p)) {
            c2d_shape h[2];
            c2d_fan_halves(p, h);
            cover_piece(cl, &h[0], cv);
            cover_piece(cl, &h[1], cv);
        } else {
            cover_piece(cl, p, cv);
        }
    }
}

/* The first point at or beyond from, and not beyond limit, where the line
 * runs on between pieces of c on both sides; C2D_INF when none. Each round
 * moves on to the start of a flat part, so the rounds are at most their count. */
static double cut_entry(const cut_line *cl, const c2d_shape *c, double from, double limit)
{
    cut_cover cv;
    double at = from, to;
    for (;;) {
        cv.at = at;
        cv.covered[0] = cv.covered[1] = 0;
        cv.next[0] = cv.next[1] = C2D_INF;
        cover_pieces(cl, c, &cv);
        if (cv.covered[0] && cv.covered[1]) return at;
        to = at;
        if (!cv.covered[0]) to = dmax(to, cv.next[0]);
        if (!cv.covered[1]) to = dmax(to, cv.next[1]);
        /* No progress (at already infinite, as far beyond huge shapes): none. */
        if (!(to <= limit) || to == at) return C2D_INF;
        at = to;
    }
}

/* x (not a compound) moving by dx against the compound c moving by dc: a
 * zero-width x entering c along a cut, when before best (the normal from x
 * toward c, against the motion between them). */
static void cut_sweep(const c2d_shape *c, c2d_vec dc, const c2d_shape *x, c2d_vec dx, c2d_sweep_result *best)
{
    cut_line cl;
    double at, t, tmax = best->hit ? best->t : 1; /* only an earlier entry counts */
    if (!cut_line_of(x, vsub(dx, dc), tmax, &cl)) return;
    at = cut_entry(&cl, c, cl.lo, cl.hi + cl.travel * tmax);
    if (at == C2D_INF || at - cl.hi > cl.travel) return;
    t = at <= cl.hi ? 0 : (at - cl.hi) / cl.travel;
    if (best->hit && best->t <= t) return;
    best->hit = 1;
    best->t = t;
    best->normal = vunit(cl.m);
    if (at < cl.hi) /* along a cut already: where it begins on x */
        best->point = vadd(vadd(cl.o, cl.front), vscale(cl.m, (at - cl.hi) / vlen2(cl.m)));
    else
        best->point = vadd(vadd(cl.o, cl.front), vscale(dx, t));
}

/* cut_sweep for b against the compound a, or for the members of a Group b
 * (a Concave's pieces all have area). */
static void cut_sweeps(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db, c2d_sweep_result *best)
{
    piece_walk w;
    const c2d_shape *p;
    c2d_bounds box = a->bounds;
    c2d_vec v = vsub(da, db);
    if (!c2d_is_compound(b)) {
        cut_sweep(a, da, b, db, best);
        return;
    }
    if (b->kind != C2D_GROUP) return;
    box.minx = dmin(box.minx, box.minx + v.x); box.maxx = dmax(box.maxx, box.maxx + v.x);
    box.miny = dmin(box.miny, box.miny + v.y); box.maxy = dmax(box.maxy, box.maxy + v.y);
    c2d_walk_start(&w, b);
    while ((p = c2d_walk_next(&w, &box, 0)) != NULL)
        if (!c2d_is_compound(p)) cut_sweep(a, da, p, db, best);
}

/* Is x flat (no compound): a sharp body with no interior, a point or a
 * segment (a Segment, a flat polygon, a Capsule of radius 0...). */
static int is_flat(const c2d_shape *x, body *X)
{
    c2d_body(X, x, &x->p[0]);
    return sharp_core(X) && (X->n < 3 || X->orient == 0);
}

/* The shadow [*lo, *hi] of n points on u, in the frame at o. */
static void points_shadow(const c2d_vec *v, int n, c2d_vec o, c2d_vec u, double *lo, double *hi)
{
    int i;
    *lo = *hi = vdot(vsub(v[0], o), u);
    for (i = 1; i < n; i++) {
        double d = vdot(vsub(v[i], o), u);
        *lo = dmin(*lo, d);
        *hi = dmax(*hi, d);
    }
}

/* Do two convex polygons share a point inside both: no edge normal of
 * either has their shadows only meet (or part). Exact for integers. */
static int corners_overlap(const c2d_vec *p, int np, const c2d_vec *q, int nq)
{
    int k, i;
    for (k = 0; k < 2; k++) {
        const c2d_vec *v = k ? q : p;
        int n = k ? nq : np;
        for (i = 0; i < n; i++) {
            c2d_vec u = vperp(vsub(vsub(v[c2d_next(i, n)], p[0]), vsub(v[i], p[0])));
            double plo, phi, qlo, qhi;
            if (u.x == 0 && u.y == 0) continue;
            points_shadow(p, np, p[0], u, &plo, &phi);
            points_shadow(q, nq, p[0], u, &qlo, &qhi);
            if (phi <= qlo || qhi <= plo) return 0;
        }
    }
    return 1;
}

/* Do a piece of x and a piece of y overlap beyond a touch. */
static int pieces_overlap(const c2d_shape *x, const c2d_shape *y)
{
    piece_walk w;
    const c2d_shape *p;
    if (!c2d_is_compound(x) && !c2d_is_compound(y)) {
        c2d_contact_result c;
        c2d_vec ownx[4], owny[4];
        int nx = 0, ny = 0;
        const c2d_vec *vx = sharp_corners(x, ownx, &nx), *vy = sharp_corners(y, owny, &ny);
        if (!c2d_bounds_meet(&x->bounds, &y->bounds)) return 0;
        if (vx && vy) return corners_overlap(vx, nx, vy, ny);
        if (!c2d_hits(x, y)) return 0;
        /* Without contact (a wide fan), a pair's sweep without motion hits only then. */
        if (c2d_contact(x, y, &c) != C2D_OK) return c2d_sweep(x, v2(0, 0), y, v2(0, 0)).hit;
        return c.hit && c.depth > c2d_rest_depth(x, y);
    }
    if (!c2d_is_compound(x)) { const c2d_shape *t = x; x = y; y = t; }
    c2d_walk_start(&w, x);
    while ((p = c2d_walk_next(&w, &y->bounds, 0)) != NULL)
        if (pieces_overlap(p, y)) return 1;
    return 0;
}

/*
 * Do the compound a and b, which the union's contact finds overlapping,
 * share a point inside both. The union's contact also counts a shape held
 * exactly between pieces (a box in a slot its width, touching both walls:
 * every move but along the slot overlaps one), which only touches. Pieces
 * with area share an inside point only when some pair of them does. A
 * point or a flat shape has no inside: it is in a's exactly when the
 * union's contact says so (held between pieces, it lies along a seam of
 * theirs, inside the union; a test for "along a cut" missed one that lies
 * a subnormal step into one side of the seam, touching each piece only).
 */
static int interiors_meet(const c2d_shape *a, const c2d_shape *b)
{
    body X;
    piece_walk w;
    const c2d_shape *p;
    if (!c2d_is_compound(b) && is_flat(b, &X)) return 1;
    if (pieces_overlap(a, b)) return 1;
    if (!c2d_is_compound(b) || b->kind != C2D_GROUP) return 0;
    /* A Group's flat members, each against the whole of a. */
    c2d_walk_start(&w, b);
    while ((p = c2d_walk_next(&w, &a->bounds, 0)) != NULL) {
        c2d_contact_result r;
        if (c2d_is_compound(p) || !is_flat(p, &X)) continue;
        if (c2d_contact(a, p, &r) == C2D_OK && r.hit && r.depth > c2d_rest_depth(a, p)) return 1;
    }
    return 0;
}

c2d_sweep_result c2d_compound_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db)
{
    c2d_sweep_result best, r;
    c2d_bounds box;
    piece_walk w;
    const c2d_shape *p;
    c2d_vec v;
    int nearby = 0;
    /* Two compounds in the canonical order, as distance takes them: the
     * pieces of one order are walked against the other, so that both orders
     * of a pair give one answer (contact decides a start in overlap, and a
     * compound's contact with a piece need not equal that piece's with it
     * within rounding). */
    if (!c2d_is_compound(a) || (c2d_is_compound(b) && c2d_shape_order(a, b) > 0)) {
        best = c2d_compound_sweep(b, db, a, da);
        best.normal = vscale(best.normal, -1);
        return best;
    }
    memset(&best, 0, sizeof best);
    /* Overlapping at the start: t = 0 and the whole pair's contact, found
     * without sweeping every pair of pieces (two big outlines have many). */
    if (c2d_hits(a, b)) {
        c2d_contact_result c;
        if (c2d_contact(a, b, &c) == C2D_OK && c.hit && c.depth > c2d_rest_depth(a, b) && interiors_meet(a, b)) {
            best.hit = 1;
            best.t = 0;
            best.normal = c.normal;
            best.point = c.point;
            return best;
        }
    }
    /* The pieces whose boxes, moving by v relative to b, meet b's box. */
    v = vsub(da, db);
    box = b->bounds;
    box.minx = dmin(box.minx, box.minx - v.x); box.maxx = dmax(box.maxx, box.maxx - v.x);
    box.miny = dmin(box.miny, box.miny - v.y); box.maxy = dmax(box.maxy, box.maxy - v.y);
    c2d_walk_start(&w, a);
    while ((p = c2d_walk_next(&w, &box, 0)) != NULL) {
        r = c2d_sweep(p, da, b, db);
        if (r.hit && (!best.hit || r.t < best.t)) best = r;
        nearby += c2d_is_compound(p) ? 2 : 1;
    }
    /* A zero-width shape running along a cut grazes the pieces on each side
     * (two of them at least, or a compound member with its own cuts). */
    if (nearby >= 2 && (!best.hit || best.t > 0)) cut_sweeps(a, da, b, db, &best);
    return best; /* at t = 0 a touch the motion goes into: the piece's answer stands */
}
