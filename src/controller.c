/*
 * A character controller over the World's move (world_move.c): a mover that
 * walks on ground no steeper than a slope, keeps to it going down slopes and
 * over seams (snap), steps up small ledges, is carried by what it stands on
 * when that moves or turns, is pushed out of what moves into it, and says
 * what it stands on and whether it touches a wall or a ceiling.
 *
 * Ground, wall and ceiling, by the contact normal n and the controller's up:
 * ground when n is within the slope limit of up, ceiling when within it of
 * down, a wall otherwise.
 */
#include <math.h>
#include <string.h>
#include "world.h"

void c2d_controller_init(c2d_controller *c)
{
    memset(c, 0, sizeof *c);
    c->up = v2(0, -1);
    c->max_slope = 50 * C2D_PI / 180;
    c->ground_slot = -1;
}

/* Two points of a shape that move and turn with it: what carries a rider. */
static void shape_refs(const c2d_shape *s, c2d_vec out[2])
{
    const c2d_shape *pieces;
    switch (s->kind) {
    case C2D_SEGMENT: case C2D_LINE: case C2D_CAPSULE: case C2D_TRIANGLE:
        out[0] = s->p[0];
        out[1] = s->p[1];
        return;
    case C2D_POLYGON:
        out[0] = s->verts[0];
        out[1] = s->verts[1];
        return;
    case C2D_BOX:
        out[0] = s->p[0];
        out[1] = s->corners[0];
        return;
    case C2D_FAN:
        out[0] = s->p[0];
        out[1] = v2(s->p[0].x + s->cos_a, s->p[0].y + s->sin_a);
        return;
    case C2D_TILES:
        out[0] = s->p[0];
        out[1] = v2(s->p[0].x + s->w, s->p[0].y);
        return;
    case C2D_CONCAVE: case C2D_GROUP:
        if (c2d_pieces(s, &pieces) > 0) { shape_refs(&pieces[0], out); return; }
        break;
    default:
        break;
    }
    /* a point, disk or AABB turns not at all (an AABB cannot; a disk shows no turn) */
    out[0] = c2d_position(s);
    out[1] = v2(out[0].x + 1, out[0].y);
}

/* Where p goes when the two points a0, a1 go to b0, b1 (a turn, a scale and a shift). */
static c2d_vec carried(c2d_vec p, c2d_vec a0, c2d_vec a1, c2d_vec b0, c2d_vec b1)
{
    c2d_vec da = vsub(a1, a0), db = vsub(b1, b0), q = vsub(p, a0);
    double l2 = da.x * da.x + da.y * da.y, zx, zy;
    if (!(l2 > 0) || (da.x == db.x && da.y == db.y)) return vadd(b0, q); /* a shift */
    /* z = db / da as complex numbers */
    zx = (db.x * da.x + db.y * da.y) / l2;
    zy = (db.y * da.x - db.x * da.y) / l2;
    return v2(b0.x + (zx * q.x - zy * q.y), b0.y + (zx * q.y + zy * q.x));
}

typedef enum surface { GROUND, WALL, CEILING } surface;

static surface surface_of(const c2d_controller *c, c2d_vec n)
{
    double up = n.x * c->up.x + n.y * c->up.y, lim = c2d_cos(c->max_slope);
    if (up >= lim && up > 0) return GROUND;
    if (-up >= lim && up < 0) return CEILING;
    return WALL;
}

/* The direction along a surface of normal n that goes right (across up),
 * scaled so that its part across up is 1 (0 when the surface is upright). */
static c2d_vec along_surface(const c2d_controller *c, c2d_vec n)
{
    c2d_vec right = v2(-c->up.y, c->up.x), t = v2(-n.y, n.x);
    double across = t.x * right.x + t.y * right.y;
    if (!(fabs(across) > C2D_UPRIGHT)) return v2(0, 0);
    return v2(t.x / across, t.y / across);
}

/* What the controller's moves share with their callbacks. */
typedef struct walk {
    c2d_controller *c;
    const c2d_move_calls *user;   /* the caller's callbacks (its respond says what each shape is to it) */
    c2d_move_calls calls;         /* those the move is given: the caller's, with respond wrapped */
    int walking;                  /* on the ground: the motion keeps its part across up */
    int probing;                  /* a probe: stop at the first meeting */
    const c2d_shape *skip;        /* passed over (the ground, while it carries the mover) */
    /* what the move met */
    int met;
    const c2d_shape *first;
    int first_slot;
    c2d_vec first_normal;
    int wall, ceiling;
    c2d_vec wall_normal, ceiling_normal;
    double blocked;               /* walking: the motion across up a wall stopped */
} walk;

static c2d_response walk_respond(void *ud, const c2d_shape *other, const c2d_meet *meet, c2d_vec *goal)
{
    walk *wk = (walk *)ud;
    c2d_controller *c = wk->c;
    c2d_response r = C2D_RESPONSE_SLIDE;
    surface kind;
    if (other == wk->skip) return C2D_RESPONSE_IGNORE;
    if (wk->user != NULL && wk->user->respond != NULL) {
        c2d_meet m = *meet;
        m.probe = wk->probing;
        r = wk->user->respond(wk->user->ud, other, &m, goal);
        /* a probe only asks which shapes are solid to the mover */
        if (wk->probing && r != C2D_RESPONSE_SLIDE && r != C2D_RESPONSE_TOUCH && r != C2D_RESPONSE_BOUNCE)
            return C2D_RESPONSE_IGNORE;
        if (!wk->probing && r != C2D_RESPONSE_SLIDE) return r;
    }
    kind = surface_of(c, meet->normal);
    if (!wk->met) {
        wk->met = 1;
        wk->first = other;
        wk->first_slot = meet->slot;
        wk->first_normal = meet->normal;
    }
    if (wk->probing) return C2D_RESPONSE_TOUCH;
    if (kind == WALL) {
        if (!wk->wall) wk->wall_normal = meet->normal;
        wk->wall = 1;
    } else if (kind == CEILING) {
        if (!wk->ceiling) wk->ceiling_normal = meet->normal;
        wk->ceiling = 1;
    }
    if (!wk->walking) return C2D_RESPONSE_SLIDE;
    {
        c2d_vec right = v2(-c->up.y, c->up.x), rest = vsub(*goal, meet->at);
        double across = rest.x * right.x + rest.y * right.y;
        if (kind == GROUND) {
            /* onto another walkable surface: the rest of the walk goes along it, as far across */
            c2d_vec t = along_surface(c, meet->normal);
            *goal = v2(meet->at.x + t.x * across, meet->at.y + t.y * across);
            return C2D_RESPONSE_GOAL;
        }
        if (kind == WALL) {
            /* a wall (or a slope too steep) stops the walk: it never climbs it */
            wk->blocked = across;
            *goal = meet->at;
            return C2D_RESPONSE_GOAL;
        }
        return C2D_RESPONSE_SLIDE;
    }
}

/* Begin the callbacks of one of the controller's moves. */
static void begin_walk(walk *wk, c2d_controller *c, const c2d_move_calls *user, int walking, int probing)
{
    memset(wk, 0, sizeof *wk);
    wk->c = c;
    wk->user = user;
    if (user != NULL) wk->calls = *user;
    wk->calls.respond = walk_respond;
    wk->calls.ud = wk;
    wk->calls.room = user != NULL ? user->room : NULL;
    wk->walking = walking;
    wk->probing = probing;
}

/* The anchor and room callbacks are the caller's, with its own ud. */
static int walk_anchor(void *ud, const c2d_shape *s, int slot)
{
    walk *wk = (walk *)ud;
    return wk->user->anchor(wk->user->ud, s, slot);
}

static void *walk_room(void *ud, size_t bytes)
{
    walk *wk = (walk *)ud;
    return wk->user->room(wk->user->ud, bytes);
}

static void own_callbacks(walk *wk)
{
    wk->calls.anchor = wk->user != NULL && wk->user->anchor != NULL ? walk_anchor : NULL;
    wk->calls.room = wk->user != NULL && wk->user->room != NULL ? walk_room : NULL;
    wk->calls.keep = NULL;
    wk->calls.pushed = NULL;
    wk->calls.forget = NULL;
}

/* Move s toward goal (applied); what it met in *wk. */
static c2d_move_status walk_to(walk *wk, c2d_world *w, c2d_shape *s, c2d_vec goal, c2d_vec *end)
{
    own_callbacks(wk);
    return c2d_world_move(w, s, goal, &wk->calls, 1, end);
}

/* How far s can go along dir (a unit vector) up to dist before it meets
 * something; the shape met and the normal in *wk (not moved). */
static c2d_move_status probe(walk *wk, c2d_world *w, c2d_shape *s, c2d_vec dir, double dist, double *got)
{
    c2d_vec from = c2d_position(s), end;
    c2d_move_status st;
    own_callbacks(wk);
    st = c2d_world_move(w, s, v2(from.x + dir.x * dist, from.y + dir.y * dist), &wk->calls, 0, &end);
    *got = (end.x - from.x) * dir.x + (end.y - from.y) * dir.y;
    return st;
}

/* A length at which a probe only asks whether s rests on something: as short
 * as the coordinates allow, which an exact sweep still tells from no motion. */
static double rest_probe(c2d_vec p)
{
    return C2D_REST_PROBE * (1 + fabs(p.x) + fabs(p.y));
}

c2d_move_status c2d_controller_move(c2d_controller *c, c2d_world *w, c2d_shape *s, c2d_vec motion, int drop,
                                    const c2d_move_calls *calls, c2d_vec *end)
{
    c2d_vec pos = c2d_position(s), right = v2(-c->up.y, c->up.x), down = v2(-c->up.x, -c->up.y), goal;
    double across = motion.x * right.x + motion.y * right.y, rise = motion.x * c->up.x + motion.y * c->up.y;
    int was_grounded = c->grounded && !drop && rise <= 0, walking;
    c2d_move_status st;
    walk wk;
    double got;
    c2d_move_calls user;
    if (calls != NULL) user = *calls;
    else memset(&user, 0, sizeof user);
    user.through_oneway = drop;
    *end = pos;

    /* Carried by the ground, when it moved or turned since the last move. */
    if (c->grounded && c->ground != NULL && c->ground->world == w) {
        c2d_vec now[2], to;
        shape_refs(c->ground, now);
        if (now[0].x != c->ground_ref[0].x || now[0].y != c->ground_ref[0].y || now[1].x != c->ground_ref[1].x ||
            now[1].y != c->ground_ref[1].y) {
            to = carried(pos, c->ground_ref[0], c->ground_ref[1], now[0], now[1]);
            begin_walk(&wk, c, &user, 0, 0);
            wk.skip = c->ground;
            if ((st = walk_to(&wk, w, s, to, &pos)) != C2D_MOVE_DONE) return st;
        }
    }
    /* Out of what moved into it (the least motion that frees it). */
    {
        c2d_move_calls pc;
        memset(&pc, 0, sizeof pc);
        pc.anchor = user.anchor;
        pc.room = user.room;
        pc.ud = user.ud;
        if ((st = c2d_world_push_past(w, s, &pc, C2D_MOVE_OVERLAP, &pos)) != C2D_MOVE_DONE) return st;
    }

    /* The move: on the ground, along it, as far across as asked (the motion
     * into the ground, gravity, is the ground's to bear); else as asked. */
    walking = was_grounded && c->ground_slot >= 0;
    c->wall = c->ceiling = 0;
    if (walking) {
        c2d_vec t = along_surface(c, c->ground_normal);
        goal = v2(pos.x + t.x * across, pos.y + t.y * across);
    } else {
        goal = vadd(pos, motion);
    }
    begin_walk(&wk, c, &user, walking, 0);
    if ((st = walk_to(&wk, w, s, goal, &pos)) != C2D_MOVE_DONE) return st;
    c->wall = wk.wall;
    c->ceiling = wk.ceiling;
    c->wall_normal = wk.wall_normal;
    c->ceiling_normal = wk.ceiling_normal;

    /* A ledge no higher than step: up, across what is left, and down onto it.
     * However small step is, a ledge of rounding is one: walking up a slope
     * along its rounded direction, a box's corner meets the top of the slope
     * a hair below the flat ground past it, whose side is then a wall 1e-14
     * high (a box stopped at the top of every ramp). */
    if (walking && wk.wall && wk.blocked != 0) {
        c2d_vec before = pos, over;
        double up_by;
        walk up, ac, dn;
        begin_walk(&up, c, &user, 0, 1);
        if ((st = probe(&up, w, s, c->up, dmax(c->step, rest_probe(pos)), &up_by)) != C2D_MOVE_DONE) return st;
        if (up_by > 0) {
            over = v2(pos.x + c->up.x * up_by, pos.y + c->up.y * up_by);
            begin_walk(&ac, c, &user, 0, 0);
            if ((st = walk_to(&ac, w, s, over, &pos)) != C2D_MOVE_DONE) return st;
            /* (walking: a wall up there stops it too; a round mover would slide up over it) */
            begin_walk(&ac, c, &user, 1, 0);
            if ((st = walk_to(&ac, w, s, v2(pos.x + right.x * wk.blocked, pos.y + right.y * wk.blocked), &pos)) !=
                C2D_MOVE_DONE)
                return st;
            begin_walk(&dn, c, &user, 0, 1);
            if ((st = probe(&dn, w, s, down, up_by + c->snap, &got)) != C2D_MOVE_DONE) return st;
            if (dn.met && surface_of(c, dn.first_normal) == GROUND &&
                (pos.x - before.x) * right.x + (pos.y - before.y) * right.y != 0) {
                begin_walk(&dn, c, &user, 0, 0);
                if ((st = walk_to(&dn, w, s, v2(pos.x + down.x * got, pos.y + down.y * got), &pos)) != C2D_MOVE_DONE)
                    return st;
                c->wall = 0;
            } else if (c2d_move_to(s, before.x, before.y) == C2D_OK) {
                pos = before; /* no ground up there: back against the wall */
            }
        }
    }

    /* What it stands on: the ground within snap below when it stood on ground
     * (it keeps to it going down a slope or over a seam), else what it rests on. */
    c->grounded = 0;
    c->ground = NULL;
    c->ground_slot = -1;
    if (rise <= 0) {
        walk gp;
        double reach = was_grounded && c->snap > 0 ? c->snap : rest_probe(pos);
        begin_walk(&gp, c, &user, 0, 1);
        if ((st = probe(&gp, w, s, down, reach, &got)) != C2D_MOVE_DONE) return st;
        if (gp.met && surface_of(c, gp.first_normal) == GROUND) {
            const c2d_shape *ground = gp.first;
            int slot = gp.first_slot;
            c2d_vec normal = gp.first_normal;
            if (got > 0 && was_grounded) {
                walk sn;
                begin_walk(&sn, c, &user, 0, 1);
                if ((st = walk_to(&sn, w, s, v2(pos.x + down.x * got, pos.y + down.y * got), &pos)) != C2D_MOVE_DONE)
                    return st;
            }
            if (got <= 0 || was_grounded) {
                c->grounded = 1;
                c->ground = ground;
                c->ground_slot = slot;
                c->ground_normal = normal;
                shape_refs(ground, c->ground_ref);
            }
        }
    }
    *end = pos;
    return C2D_MOVE_DONE;
}
