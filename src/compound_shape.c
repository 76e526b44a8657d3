/*
 * Compounds (Concave, Group) as shapes: their storage, the tree over their
 * pieces' boxes, their centre and their transforms. A compound is the union
 * of its pieces; its queries are in compound_query.c (hits, distance,
 * raycast, sweep) and compound_contact.c.
 */
#include <float.h>
#include <string.h>
#include "tiles.h"

/* ---- the tree ---- */

static void bounds_union(c2d_bounds *a, const c2d_bounds *b)
{
    a->minx = dmin(a->minx, b->minx);
    a->miny = dmin(a->miny, b->miny);
    a->maxx = dmax(a->maxx, b->maxx);
    a->maxy = dmax(a->maxy, b->maxy);
}

static double mid_on(const c2d_shape *p, int axis)
{
    return axis ? (p->bounds.miny + p->bounds.maxy) / 2 : (p->bounds.minx + p->bounds.maxx) / 2;
}

/* Put the k-th smallest (by box centre on axis) of order[0..n) at k. */
static void select_kth(const c2d_shape *pieces, int *order, int n, int k, int axis)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        double pivot = mid_on(&pieces[order[(lo + hi) / 2]], axis);
        int i = lo, j = hi;
        while (i <= j) {
            while (mid_on(&pieces[order[i]], axis) < pivot) i++;
            while (mid_on(&pieces[order[j]], axis) > pivot) j--;
            if (i <= j) { int t = order[i]; order[i] = order[j]; order[j] = t; i++; j--; }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else break;
    }
}

/* Pieces per leaf. */
#define C2D_LEAF_PIECES 2

static int build_node(struct c2d_compound *c, int first, int count, int depth)
{
    int at = c->nodes++, i;
    c2d_node *nd = &c->tree[at];
    nd->first = first;
    nd->count = count;
    nd->right = 0;
    nd->bounds = c->pieces[c->order[first]].bounds;
    for (i = 1; i < count; i++) bounds_union(&nd->bounds, &c->pieces[c->order[first + i]].bounds);
    if (count > C2D_LEAF_PIECES && depth < C2D_TREE_STACK / 2) {
        int half = count / 2;
        int axis = nd->bounds.maxy - nd->bounds.miny > nd->bounds.maxx - nd->bounds.minx;
        select_kth(c->pieces, c->order + first, count, half, axis);
        nd->count = 0;
        build_node(c, first, half, depth + 1);
        c->tree[at].right = build_node(c, first + half, count - half, depth + 1);
    }
    return at;
}

void c2d_tree_build(c2d_shape *s)
{
    struct c2d_compound *c = s->compound;
    int i;
    for (i = 0; i < c->count; i++) c->order[i] = i;
    c->nodes = 0;
    build_node(c, 0, c->count, 0);
    s->bounds = c->tree[0].bounds;
}

void c2d_tree_refit(c2d_shape *s)
{
    struct c2d_compound *c = s->compound;
    int i, j;
    for (i = c->nodes - 1; i >= 0; i--) {
        c2d_node *nd = &c->tree[i];
        if (nd->count > 0) {
            nd->bounds = c->pieces[c->order[nd->first]].bounds;
            for (j = 1; j < nd->count; j++) bounds_union(&nd->bounds, &c->pieces[c->order[nd->first + j]].bounds);
        } else {
            nd->bounds = c->tree[i + 1].bounds;
            bounds_union(&nd->bounds, &c->tree[nd->right].bounds);
        }
    }
    s->bounds = c->tree[0].bounds;
}

void c2d_walk_start(piece_walk *w, const c2d_shape *s)
{
    w->c = s->compound;
    w->top = 0;
    w->stack[w->top++] = 0;
    w->leaf = w->leaf_end = 0;
}

const c2d_shape *c2d_walk_next(piece_walk *w, const c2d_bounds *box, double reach)
{
    const struct c2d_compound *c = w->c;
    for (;;) {
        while (w->leaf < w->leaf_end) {
            const c2d_shape *p = &c->pieces[c->order[w->leaf++]];
            if (c2d_near(&p->bounds, box, reach)) return p;
        }
        if (w->top == 0) return NULL;
        {
            const c2d_node *nd = &c->tree[w->stack[--w->top]];
            int at = (int)(nd - c->tree);
            if (!c2d_near(&nd->bounds, box, reach)) continue;
            if (nd->count > 0) {
                w->leaf = nd->first;
                w->leaf_end = nd->first + nd->count;
            } else {
                w->stack[w->top++] = nd->right;
                w->stack[w->top++] = at + 1;
            }
        }
    }
}

int c2d_pieces(const c2d_shape *s, const c2d_shape **pieces)
{
    if (!c2d_is_compound(s)) return 0;
    *pieces = s->pieces;
    return s->compound->count;
}

/* ---- storage: Group layout, sizes, copies ---- */


/* The members a Group of these shapes holds (a Group's own members in its place). */
static int member_count(const c2d_shape *const *members, int n)
{
    int i, k = 0;
    for (i = 0; i < n; i++) k += members[i]->kind == C2D_GROUP ? members[i]->compound->count : 1;
    return k;
}

static size_t group_layout(struct c2d_compound *c, unsigned char *base, int m)
{
    size_t at = c2d_align8(sizeof *c);
    if (c) { c->room = m; c->outline = 0; }
    C2D_PLACE(c, pieces, c2d_shape, m);
    C2D_PLACE(c, tree, c2d_node, 2 * m);
    C2D_PLACE(c, order, int, m);
    C2D_PLACE(c, moffset, size_t, m);
    if (c) { c->verts = c->pverts = NULL; c->pindex = c->pfirst = NULL; }
    return at;
}

size_t c2d_storage_size(const c2d_shape *s)
{
    switch (s->kind) {
    case C2D_POLYGON: return sizeof(c2d_vec) * (size_t)s->count;
    case C2D_CONCAVE:
    case C2D_GROUP: return s->compound->bytes;
    case C2D_TILES: return s->tiles->bytes;
    default: return 0;
    }
}

size_t c2d_group_size(const c2d_shape *const *members, int n)
{
    int i, j, m = member_count(members, n);
    size_t at = group_layout(NULL, NULL, m);
    for (i = 0; i < n; i++) {
        if (members[i]->kind == C2D_GROUP) {
            const c2d_shape *g = members[i];
            for (j = 0; j < g->compound->count; j++) at += c2d_align8(c2d_storage_size(&g->pieces[j]));
        } else {
            at += c2d_align8(c2d_storage_size(members[i]));
        }
    }
    return at;
}

void c2d_relocate(c2d_shape *dst, const c2d_shape *src, void *storage)
{
    unsigned char *base = (unsigned char *)storage;
    struct c2d_compound *c;
    int i;
    dst->world = NULL;
    dst->world_slot = 0;
    switch (src->kind) {
    case C2D_POLYGON:
        dst->verts = (const c2d_vec *)storage;
        return;
    case C2D_TILES:
        c2d_tiles_relocate(dst, storage);
        return;
    case C2D_CONCAVE:
    case C2D_GROUP:
        c = (struct c2d_compound *)storage;
        {
            /* The layout from the copied header's counts, then each pointer. */
            int room = c->room, count = c->count, nodes = c->nodes, outline = c->outline;
            size_t bytes = c->bytes;
            if (src->kind == C2D_CONCAVE) {
                /* decompose.c lays a Concave out; reproduce by offsets from the source. */
                const struct c2d_compound *o = src->compound;
                const unsigned char *ob = (const unsigned char *)o;
#define MOVE(field, type) c->field = o->field ? (type *)(void *)(base + ((const unsigned char *)o->field - ob)) : NULL
                MOVE(pieces, c2d_shape);
                MOVE(tree, c2d_node);
                MOVE(order, int);
                MOVE(verts, c2d_vec);
                MOVE(pverts, c2d_vec);
                MOVE(pindex, int);
                MOVE(pfirst, int);
#undef MOVE
                c->moffset = NULL;
            } else {
                group_layout(c, base, room);
            }
            c->room = room; c->count = count; c->nodes = nodes; c->outline = outline; c->bytes = bytes;
        }
        dst->compound = c;
        dst->pieces = c->pieces;
        if (src->kind == C2D_CONCAVE) {
            dst->verts = c->verts;
            for (i = 0; i < c->count; i++) {
                c2d_shape *p = &c->pieces[i];
                p->verts = (const c2d_vec *)c->pverts + (src->pieces[i].verts - src->compound->pverts);
            }
        } else {
            for (i = 0; i < c->count; i++)
                c2d_relocate(&c->pieces[i], &src->pieces[i], base + c->moffset[i]);
        }
        return;
    default:
        return;
    }
}

void c2d_copy(c2d_shape *dst, const c2d_shape *src, void *storage)
{
    size_t n = c2d_storage_size(src);
    const void *from = src->kind == C2D_POLYGON ? (const void *)src->verts
                     : c2d_is_compound(src) ? (const void *)src->compound
                     : src->kind == C2D_TILES ? (const void *)src->tiles : NULL;
    if (n > 0 && from != storage) memcpy(storage, from, n);
    *dst = *src;
    c2d_relocate(dst, src, storage);
}

/* Put a copy of member m into the Group's slot i. */
static void add_member(struct c2d_compound *c, int i, const c2d_shape *m, size_t *at)
{
    unsigned char *base = (unsigned char *)c;
    c->moffset[i] = *at;
    c2d_copy(&c->pieces[i], m, base + *at);
    *at += c2d_align8(c2d_storage_size(m));
}

c2d_error c2d_make_group(c2d_shape *s, const c2d_shape *const *members, int n, void *storage, int *bad)
{
    struct c2d_compound *c = (struct c2d_compound *)storage;
    int i, j, m, k = 0;
    size_t at;
    *bad = -1;
    if (n < 1) return C2D_ERR_COUNT;
    for (i = 0; i < n; i++) {
        if ((unsigned)members[i]->kind >= C2D_KIND_COUNT || members[i]->kind == C2D_LINE) { *bad = i; return C2D_ERR_MEMBER; }
    }
    m = member_count(members, n);
    if (m > C2D_MAX_MEMBERS) return C2D_ERR_COUNT;
    memset(c, 0, sizeof *c);
    at = group_layout(c, (unsigned char *)storage, m);
    c->kind = C2D_GROUP;
    for (i = 0; i < n; i++) {
        if (members[i]->kind == C2D_GROUP) {
            for (j = 0; j < members[i]->compound->count; j++) add_member(c, k++, &members[i]->pieces[j], &at);
        } else {
            add_member(c, k++, members[i], &at);
        }
    }
    c->count = m;
    c->bytes = at;
    memset(s, 0, sizeof *s);
    s->kind = C2D_GROUP;
    s->count = m;
    s->compound = c;
    s->pieces = c->pieces;
    s->p[0] = c2d_position(&c->pieces[0]);
    c2d_tree_build(s);
    return C2D_OK;
}

/* ---- centre ---- */

/* The area of a bounded shape (Group: the sum over members). */
static double area_of(const c2d_shape *s)
{
    int i;
    double a = 0;
    c2d_mass_result m;
    if (c2d_is_rounded(s))
        return c2d_mass(s, &m) == C2D_OK ? m.area : 0;
    switch (s->kind) {
    case C2D_DISK: return C2D_PI * s->radius * s->radius;
    case C2D_AABB: case C2D_BOX: return s->w * s->h;
    case C2D_CAPSULE: return 2 * s->radius * vlen(vsub(s->p[1], s->p[0])) + C2D_PI * s->radius * s->radius;
    case C2D_FAN: return s->radius * s->radius * s->opening / 2;
    case C2D_TRIANGLE: return fabs(vcross(vsub(s->p[1], s->p[0]), vsub(s->p[2], s->p[0]))) / 2;
    case C2D_POLYGON: case C2D_CONCAVE:
        for (i = 1; i + 1 < s->count; i++) a += vcross(vsub(s->verts[i], s->verts[0]), vsub(s->verts[i + 1], s->verts[0]));
        return fabs(a) / 2;
    case C2D_GROUP:
        for (i = 0; i < s->compound->count; i++) a += area_of(&s->pieces[i]);
        return a;
    default: return 0;
    }
}

/*
 * The centroid of a compound: its pieces' centroids weighted by their areas
 * (by count when none has any). A Concave's pieces tile its outline, so this
 * is the outline's area centroid; a Group's members are its parts. Each
 * piece's centroid lies in its box (a Polygon's falls back to its middle
 * where its area is rounding), so the mean of them, with weights >= 0, lies
 * in the compound's box. (The outline's triangles summed from one vertex
 * cancel for a long thin spike, whose products dwarf its area: the quotient
 * could land anywhere, 1e10 outside a Concave's box.)
 */
c2d_vec c2d_compound_center(const c2d_shape *s)
{
    const struct c2d_compound *c = s->compound;
    c2d_vec acc = v2(0, 0), o;
    double total = 0;
    int i;
    o = c2d_leaf_center(&c->pieces[0]);
    for (i = 0; i < c->count; i++) {
        double a = area_of(&c->pieces[i]);
        acc = vadd(acc, vscale(vsub(c2d_leaf_center(&c->pieces[i]), o), a));
        total += a;
    }
    if (total > 0) {
        c2d_vec m = v2(acc.x / total, acc.y / total);
        if (isfinite(m.x) && isfinite(m.y)) return vadd(o, m);
    }
    acc = v2(0, 0);
    for (i = 0; i < c->count; i++) acc = vadd(acc, vsub(c2d_leaf_center(&c->pieces[i]), o));
    return vadd(o, vscale(acc, 1.0 / c->count));
}

/* ---- transforms ---- */

/* After the pieces changed: the tree, the position, the world's note. */
static void transformed(c2d_shape *s)
{
    if (s->kind == C2D_CONCAVE) c2d_concave_refresh(s);
    else {
        c2d_tree_refit(s);
        s->p[0] = c2d_position(&s->pieces[0]);
    }
    c2d_note_moved(s);
}

/* Each outline vertex through x -> m * x + d (m a 2x2 matrix: rows r0, r1). */
static void map_outline(c2d_shape *s, c2d_vec r0, c2d_vec r1, c2d_vec o)
{
    struct c2d_compound *c = s->compound;
    int i;
    for (i = 0; i < c->outline; i++) {
        c2d_vec q = vsub(c->verts[i], o);
        c->verts[i] = v2(o.x + vdot(r0, q), o.y + vdot(r1, q));
    }
}

/* Would each outline vertex through x -> m * x + d (as map_outline) stay
 * finite: a turn of numbers near the largest double can pass it. */
static int outline_maps(const c2d_shape *s, c2d_vec r0, c2d_vec r1, c2d_vec o)
{
    const struct c2d_compound *c = s->compound;
    int i;
    for (i = 0; i < c->outline; i++) {
        c2d_vec q = vsub(c->verts[i], o);
        if (!isfinite(o.x + vdot(r0, q)) || !isfinite(o.y + vdot(r1, q))) return 0;
    }
    return 1;
}

/* Would the numbers stay finite. */
static int finite_bounds(const c2d_bounds *b)
{
    return isfinite(b->minx) && isfinite(b->miny) && isfinite(b->maxx) && isfinite(b->maxy);
}

/* A Group changes whole or not at all: the transform op (0 move by (a, b),
 * 1 moveTo (a, b) of the first member with the others moved by (dx, dy),
 * 2 rotate by a about (dx, dy), 3 scale by a about (dx, dy)) is tried first
 * on a scratch copy of each Polygon member (the only kind whose checks a
 * move or a scale can fail once the Group's bounds are finite), so that a
 * member the constructor would refuse leaves every member as it was. A turn
 * has no bounds to check first (numbers near the largest double can turn
 * past it): it is tried on every member, an AABB as the Box it turns as,
 * a Concave by its outline. */
enum { MEMBERS_MOVE, MEMBERS_MOVE_TO, MEMBERS_ROTATE, MEMBERS_SCALE };
static c2d_error members_take(const c2d_shape *s, int op, double a, double b, double dx, double dy)
{
    const struct c2d_compound *c = s->compound;
    c2d_vec room[C2D_MAX_VERTICES];
    int i;
    for (i = 0; i < c->count; i++) {
        c2d_shape t = c->pieces[i];
        c2d_error err;
        if (op == MEMBERS_ROTATE && t.kind == C2D_CONCAVE) {
            double cs, sn;
            c2d_sincos(a, &cs, &sn);
            if (!outline_maps(&t, v2(cs, -sn), v2(sn, cs), v2(dx, dy))) return C2D_ERR_NONFINITE;
            continue;
        }
        if (op == MEMBERS_ROTATE && t.kind != C2D_POLYGON) {
            if (t.kind == C2D_AABB) {
                double nums[5];
                int bad;
                nums[0] = (t.p[0].x + t.p[1].x) / 2;
                nums[1] = (t.p[0].y + t.p[1].y) / 2;
                nums[2] = t.w;
                nums[3] = t.h;
                nums[4] = 0;
                c2d_make(&t, C2D_BOX, nums, 5, NULL, &bad);
            }
            t.world = NULL;
            err = c2d_rotate(&t, a, dx, dy);
            if (err != C2D_OK) return err;
            continue;
        }
        if (t.kind != C2D_POLYGON) continue;
        memcpy(room, t.verts, (size_t)t.count * sizeof *room);
        t.verts = room;
        t.world = NULL;
        switch (op) {
        case MEMBERS_MOVE: err = c2d_move(&t, a, b); break;
        case MEMBERS_MOVE_TO: err = i == 0 ? c2d_move_to(&t, a, b) : c2d_move(&t, dx, dy); break;
        case MEMBERS_ROTATE: err = c2d_rotate(&t, a, dx, dy); break;
        default: err = c2d_scale(&t, a, dx, dy); break;
        }
        if (err != C2D_OK) return err;
    }
    return C2D_OK;
}

/* Do s's bounds stay finite moved by (dx, dy). */
static int shift_finite(const c2d_shape *s, double dx, double dy)
{
    return isfinite(s->bounds.minx + dx) && isfinite(s->bounds.maxx + dx) && isfinite(s->bounds.miny + dy) &&
           isfinite(s->bounds.maxy + dy);
}

c2d_error c2d_compound_move(c2d_shape *s, double dx, double dy)
{
    struct c2d_compound *c = s->compound;
    int i;
    if (!isfinite(dx) || !isfinite(dy)) return C2D_ERR_NONFINITE;
    if (!shift_finite(s, dx, dy)) return C2D_ERR_NONFINITE;
    if (s->kind == C2D_CONCAVE) {
        for (i = 0; i < c->outline; i++) c->verts[i] = v2(c->verts[i].x + dx, c->verts[i].y + dy);
    } else {
        c2d_error err = members_take(s, MEMBERS_MOVE, dx, dy, 0, 0);
        if (err != C2D_OK) return err;
        for (i = 0; i < c->count; i++) c2d_move(&c->pieces[i], dx, dy);
    }
    transformed(s);
    return C2D_OK;
}

c2d_error c2d_compound_rotate(c2d_shape *s, double angle, double ox, double oy)
{
    struct c2d_compound *c = s->compound;
    double cs, sn;
    int i;
    if (!isfinite(angle) || !isfinite(ox) || !isfinite(oy)) return C2D_ERR_NONFINITE;
    c2d_sincos(angle, &cs, &sn);
    if (cs == 1 && sn == 0) return C2D_OK;
    if (s->kind == C2D_CONCAVE) {
        if (!outline_maps(s, v2(cs, -sn), v2(sn, cs), v2(ox, oy))) return C2D_ERR_NONFINITE;
        map_outline(s, v2(cs, -sn), v2(sn, cs), v2(ox, oy));
    } else {
        c2d_error err = members_take(s, MEMBERS_ROTATE, angle, 0, ox, oy);
        if (err != C2D_OK) return err;
        for (i = 0; i < c->count; i++) {
            c2d_shape *m = &c->pieces[i];
            if (m->kind == C2D_AABB) {
                /* An AABB member turns as the Box it is. */
                double nums[5];
                int bad;
                nums[0] = (m->p[0].x + m->p[1].x) / 2;
                nums[1] = (m->p[0].y + m->p[1].y) / 2;
                nums[2] = m->w;
                nums[3] = m->h;
                nums[4] = 0;
                c2d_make(m, C2D_BOX, nums, 5, NULL, &bad);
            }
            c2d_rotate(m, angle, ox, oy);
        }
    }
    transformed(s);
    return C2D_OK;
}

c2d_error c2d_compound_scale(c2d_shape *s, double k, double ox, double oy)
{
    struct c2d_compound *c = s->compound;
    c2d_bounds b = s->bounds;
    int i;
    if (!isfinite(k) || k < 0) return C2D_ERR_SCALE;
    if (!isfinite(ox) || !isfinite(oy)) return C2D_ERR_NONFINITE;
    if (k == 1) return C2D_OK;
    b.minx = ox + k * (b.minx - ox); b.maxx = ox + k * (b.maxx - ox);
    b.miny = oy + k * (b.miny - oy); b.maxy = oy + k * (b.maxy - oy);
    if (!finite_bounds(&b)) return C2D_ERR_NONFINITE;
    if (s->kind == C2D_CONCAVE) {
        map_outline(s, v2(k, 0), v2(0, k), v2(ox, oy));
    } else {
        c2d_error err = members_take(s, MEMBERS_SCALE, k, 0, ox, oy);
        if (err != C2D_OK) return err;
        for (i = 0; i < c->count; i++) c2d_scale(&c->pieces[i], k, ox, oy);
    }
    transformed(s);
    return C2D_OK;
}

c2d_error c2d_compound_move_to(c2d_shape *s, double x, double y)
{
    struct c2d_compound *c = s->compound;
    c2d_vec at = c2d_position(s);
    double dx = x - at.x, dy = y - at.y;
    int i;
    if (!isfinite(x) || !isfinite(y)) return C2D_ERR_NONFINITE;
    if (!shift_finite(s, dx, dy)) return C2D_ERR_NONFINITE;
    /* The position lands on (x, y) exactly; the rest keeps its offsets. */
    if (s->kind == C2D_CONCAVE) {
        for (i = 1; i < c->outline; i++) c->verts[i] = v2(c->verts[i].x + dx, c->verts[i].y + dy);
        c->verts[0] = v2(x, y);
    } else {
        c2d_error err = members_take(s, MEMBERS_MOVE_TO, x, y, dx, dy);
        if (err != C2D_OK) return err;
        c2d_move_to(&c->pieces[0], x, y);
        for (i = 1; i < c->count; i++) c2d_move(&c->pieces[i], dx, dy);
    }
    transformed(s);
    return C2D_OK;
}

void c2d_fan_halves(const c2d_shape *s, c2d_shape *h)
{
    double nums[5];
    int k, bad;
    for (k = 0; k < 2; k++) {
        nums[0] = s->p[0].x;
        nums[1] = s->p[0].y;
        nums[2] = s->radius;
        nums[3] = s->angle + (k ? -1 : 1) * s->opening / 4;
        nums[4] = s->opening / 2;
        c2d_make(&h[k], C2D_FAN, nums, 5, NULL, &bad);
    }
}
