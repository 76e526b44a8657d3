/*
 * Mass properties: area, perimeter, centroid and the second moment of area
 * about the centroid (the rotational inertia at density 1), in closed form.
 *
 * Polygons sum over the triangles fanned from their first vertex, with the
 * vertices taken relative to it (their rounding stays relative to the
 * polygon's size, not to its distance from the origin); the moment found
 * about that vertex moves to the centroid by the parallel axis theorem.
 * Round kinds add their circles' parts; a Concave and a Group add their
 * pieces (a Group's members as they are: where they overlap, that part is
 * counted once for each).
 */
#include <math.h>
#include "compound.h"

/* The parts of a shape, about a point o: area, first moments (area times
 * centroid - o) and the second moment about o; the perimeter apart. */
typedef struct moments {
    double a, mx, my, j, perimeter;
} moments;

static void polygon_moments(const c2d_vec *v, int n, moments *m)
{
    double a = 0, mx = 0, my = 0, j = 0, p = 0;
    int i;
    for (i = 0; i < n; i++) {
        c2d_vec q = v[i], r = v[c2d_next(i, n)];
        double c = vcross(q, r);
        a += c;
        mx += c * (q.x + r.x);
        my += c * (q.y + r.y);
        j += c * (q.x * q.x + q.x * r.x + r.x * r.x + q.y * q.y + q.y * r.y + r.y * r.y);
        p += vlen(vsub(r, q));
    }
    /* (a counter-clockwise list gives a > 0; a clockwise one is turned over) */
    if (a < 0) {
        a = -a;
        mx = -mx;
        my = -my;
        j = -j;
    }
    m->a = a / 2;
    m->mx = mx / 6;
    m->my = my / 6;
    m->j = j / 12;
    m->perimeter = p;
}

/* A disk's sector about o: centre c, radius r, from outward normal u
 * turning counter-clockwise by t (its centroid 4 r sin(t/2) / (3 t) from c
 * along the middle direction; r^4 t / 4 about c). */
static void add_sector(moments *m, c2d_vec c, double r, c2d_vec u, double t)
{
    double a = r * r * t / 2, d, ch, sh;
    c2d_vec g;
    c2d_raw_sincos(t / 2, &ch, &sh);
    d = t > 0 ? 4 * r * sh / (3 * t) : 0;
    g = vadd(c, vscale(v2(u.x * ch - u.y * sh, u.x * sh + u.y * ch), d));
    m->a += a;
    m->mx += a * g.x;
    m->my += a * g.y;
    m->j += r * r * r * r * t / 4 - a * d * d + a * vlen2(g);
}

/*
 * A rounded Box, Triangle or Polygon about o: its core, a rectangle r deep
 * on each edge (l by r, about its centre l r (l^2 + r^2) / 12), and a
 * sector at each vertex over the turn between its edges' normals (the
 * turns add to a full one, so the sectors make one disk). A flat core is
 * the segment between its ends, there and back: a capsule.
 */
static void rounded_moments(const c2d_shape *s, c2d_vec o, moments *m)
{
    c2d_vec v[C2D_MAX_VERTICES], nrm[C2D_MAX_VERTICES];
    double r = s->radius;
    int i, n = c2d_round_core(s, v);
    for (i = 0; i < n; i++) v[i] = vsub(v[i], o);
    if (n >= 3) {
        polygon_moments(v, n, m);
    } else {
        m->a = m->mx = m->my = m->j = 0;
        m->perimeter = n == 2 ? 2 * vlen(vsub(v[1], v[0])) : 0;
    }
    if (n == 1) {
        add_sector(m, v[0], r, v2(1, 0), 2 * C2D_PI);
    } else {
        for (i = 0; i < n; i++) {
            c2d_vec e = vsub(v[c2d_next(i, n)], v[i]), c;
            double l = vlen(e), a = l * r;
            nrm[i] = vunit(v2(e.y, -e.x));
            c = vadd(vscale(vadd(v[i], v[c2d_next(i, n)]), 0.5), vscale(nrm[i], r / 2));
            m->a += a;
            m->mx += a * c.x;
            m->my += a * c.y;
            m->j += a * (l * l + r * r) / 12 + a * vlen2(c);
        }
        for (i = 0; i < n; i++) {
            c2d_vec n0 = nrm[(i + n - 1) % n], n1 = nrm[i];
            double t = c2d_atan2(vcross(n0, n1), vdot(n0, n1));
            if (t < 0 || (t == 0 && vdot(n0, n1) < 0)) t += 2 * C2D_PI; /* (a flat core's end: half a turn) */
            add_sector(m, v[i], r, n0, t);
        }
    }
    m->perimeter += 2 * C2D_PI * r;
}

/* A convex leaf about o. */
static int leaf_moments(const c2d_shape *s, c2d_vec o, moments *m)
{
    c2d_vec v[C2D_MAX_VERTICES];
    int i, n = 0;
    if (c2d_is_rounded(s)) {
        rounded_moments(s, o, m);
        return 1;
    }
    switch (s->kind) {
    case C2D_POINT:
        m->a = m->j = m->perimeter = 0;
        m->mx = m->my = 0;
        return 1;
    case C2D_DISK: {
        c2d_vec c = vsub(s->p[0], o);
        double r = s->radius, a = C2D_PI * r * r;
        m->a = a;
        m->mx = a * c.x;
        m->my = a * c.y;
        m->j = a * r * r / 2 + a * vlen2(c);
        m->perimeter = 2 * C2D_PI * r;
        return 1;
    }
    case C2D_CAPSULE: {
        /* a rectangle 2r by L along the axis, and a half disk at each end */
        c2d_vec e = vsub(s->p[1], s->p[0]), c = vsub(vscale(vadd(s->p[0], s->p[1]), 0.5), o);
        double r = s->radius, l = vlen(e), rect = 2 * r * l, half = C2D_PI * r * r / 2, d = l / 2 + 4 * r / (3 * C2D_PI);
        double jc = rect * (l * l + 4 * r * r) / 12 /* the rectangle about its centre */
                    + 2 * (C2D_PI * r * r * r * r / 4 - half * (4 * r / (3 * C2D_PI)) * (4 * r / (3 * C2D_PI)) + half * d * d);
        double a = rect + 2 * half;
        m->a = a;
        m->mx = a * c.x;
        m->my = a * c.y;
        m->j = jc + a * vlen2(c);
        m->perimeter = 2 * l + 2 * C2D_PI * r;
        return 1;
    }
    case C2D_FAN: {
        /* a sector of radius r and opening t: centroid 2 r sin(t/2) / (3 t/2)
         * from the apex along the direction; r^4 t / 4 about the apex */
        c2d_vec apex = vsub(s->p[0], o), dir = v2(s->cos_a, s->sin_a), c;
        double r = s->radius, t = s->opening, a = r * r * t / 2, d = t > 0 ? 4 * r * s->sin_h / (3 * t) : 0;
        c = vadd(apex, vscale(dir, d));
        m->a = a;
        m->mx = a * c.x;
        m->my = a * c.y;
        /* about the apex, then to the centroid, then to o */
        m->j = r * r * r * r * t / 4 - a * d * d + a * vlen2(c);
        m->perimeter = r * t + (t < 2 * C2D_PI ? 2 * r : 0);
        return 1;
    }
    case C2D_SEGMENT:
        m->a = m->mx = m->my = m->j = 0;
        m->perimeter = 2 * vlen(vsub(s->p[1], s->p[0])); /* its outline, there and back */
        return 1;
    case C2D_AABB:
        v[0] = vsub(s->p[0], o);
        v[1] = v2(s->p[1].x - o.x, s->p[0].y - o.y);
        v[2] = vsub(s->p[1], o);
        v[3] = v2(s->p[0].x - o.x, s->p[1].y - o.y);
        n = 4;
        break;
    case C2D_BOX:
        for (i = 0; i < 4; i++) v[i] = vsub(s->corners[i], o);
        n = 4;
        break;
    case C2D_TRIANGLE:
        for (i = 0; i < 3; i++) v[i] = vsub(s->p[i], o);
        n = 3;
        break;
    case C2D_POLYGON:
        for (i = 0; i < s->count; i++) v[i] = vsub(s->verts[i], o);
        n = s->count;
        break;
    default:
        return 0;
    }
    polygon_moments(v, n, m);
    return 1;
}

/* Any shape about o: a compound adds its pieces (a Group's members may be
 * Concaves); 0 for what has no area to weigh. */
static int shape_moments(const c2d_shape *s, c2d_vec o, moments *m)
{
    int i;
    if (s->kind == C2D_LINE || s->kind == C2D_TILES) return 0;
    if (!c2d_is_compound(s)) return leaf_moments(s, o, m);
    m->a = m->mx = m->my = m->j = m->perimeter = 0;
    for (i = 0; i < s->compound->count; i++) {
        moments t;
        if (!shape_moments(&s->pieces[i], o, &t)) return 0;
        m->a += t.a;
        m->mx += t.mx;
        m->my += t.my;
        m->j += t.j;
        m->perimeter += t.perimeter;
    }
    if (s->kind == C2D_CONCAVE) { /* its outline, not its pieces' seams */
        const c2d_vec *v = s->compound->verts;
        int n = s->compound->outline;
        m->perimeter = 0;
        for (i = 0; i < n; i++) m->perimeter += vlen(vsub(v[c2d_next(i, n)], v[i]));
    }
    return 1;
}

c2d_error c2d_mass(const c2d_shape *s, c2d_mass_result *out)
{
    moments m;
    c2d_vec o = c2d_position(s);
    if (!shape_moments(s, o, &m)) return C2D_ERR_NO_MASS;
    out->area = m.a;
    out->perimeter = m.perimeter;
    if (m.a > 0) {
        c2d_vec c = v2(m.mx / m.a, m.my / m.a);
        out->centroid = vadd(o, c);
        /* the moment about o, moved to the centroid */
        out->inertia = dmax(0, m.j - m.a * vlen2(c));
    } else {
        /* (a rounded shape whose radius squares to 0: its core's centre, as a
         * rounded one's centre is its centroid) */
        c2d_shape core = *s;
        if (c2d_is_rounded(s)) core.radius = 0;
        out->centroid = c2d_center(&core);
        out->inertia = 0;
    }
    return C2D_OK;
}
