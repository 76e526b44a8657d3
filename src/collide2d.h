/*
 * collide2d: exact 2D collision queries in double precision.
 *
 * The public C API. Plain structs and functions, no macros in declarations and
 * no allocation, so that the declarations below can be handed to a LuaJIT
 * ffi.cdef as they are. Nothing here knows about Lua.
 *
 * Every shape is a closed point set. A query never allocates, never keeps
 * state between calls, and reports failure by return value.
 */
#ifndef COLLIDE2D_H
#define COLLIDE2D_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct c2d_vec {
    double x, y;
} c2d_vec;

typedef enum c2d_kind {
    C2D_POINT,
    C2D_SEGMENT,
    C2D_LINE,
    C2D_DISK,
    C2D_AABB,
    C2D_BOX,
    C2D_TRIANGLE,
    C2D_POLYGON,
    C2D_CAPSULE,
    C2D_FAN,
    C2D_CONCAVE,
    C2D_GROUP,
    C2D_TILES,
    C2D_KIND_COUNT
} c2d_kind;

/* Limits: a Polygon holds 3 to C2D_MAX_VERTICES vertices (a hull may hold 1 or 2);
 * a Concave 3 to C2D_MAX_CONCAVE_VERTICES; a Group 1 to C2D_MAX_MEMBERS members. */
enum { C2D_MAX_VERTICES = 256, C2D_MAX_CONCAVE_VERTICES = 4096, C2D_MAX_MEMBERS = 256 };

/* Why a constructor refused its numbers (c2d_make returns one of these). */
typedef enum c2d_error {
    C2D_OK = 0,
    C2D_ERR_COUNT,      /* wrong number of numbers for the kind */
    C2D_ERR_NONFINITE,  /* NaN or +-inf */
    C2D_ERR_NEGATIVE,   /* negative radius, width or height */
    C2D_ERR_OPENING,    /* fan opening outside [0, 2*pi] */
    C2D_ERR_SAME_POINTS,/* a Line through two equal points */
    C2D_ERR_NONCONVEX,  /* polygon vertices not in convex order */
    C2D_ERR_SCALE,      /* negative or non-finite scale factor */
    C2D_ERR_ROTATE_AABB,/* an AABB cannot turn */
    C2D_ERR_WIDE_FAN,   /* contact with a Fan opened beyond pi */
    C2D_ERR_LINE_SCALE, /* a Line scaled by 0 would have no direction */
    C2D_ERR_SELF_CROSSING, /* a Concave outline that crosses or touches itself */
    C2D_ERR_MEMBER,     /* a Group member that is a Line (unbounded) or no shape */
    C2D_ERR_TILE_KIND,  /* a tile kind that is not a convex piece within its tile */
    C2D_ERR_ROTATE_TILES, /* a tile layer cannot turn */
    C2D_ERR_NO_MASS,    /* a Line or a tile layer (or a Group holding one) has no area to weigh */
    C2D_ERR_ROUND       /* only a Box, Triangle or Polygon can be rounded */
} c2d_error;

/*
 * One shape. Fields by kind (p[] holds points, in constructor order):
 *   Point     p[0]
 *   Segment   p[0], p[1]
 *   Line      p[0], p[1] (distinct): the infinite line through them
 *   Disk      p[0] centre, radius
 *   AABB      p[0] min corner, p[1] max corner, w, h
 *   Box       p[0] centre, w, h, angle; cos_a/sin_a its rotation;
 *             corners[] the 4 corners, counter-clockwise, kept by c2d_make
 *   Triangle  p[0], p[1], p[2]
 *   Polygon   verts -> count vertices (storage owned by the caller)
 *   radius    Box, Triangle, Polygon: 0, or rounded by it (c2d_round)
 *   ccw       Triangle, Polygon, AABB, Box: +1 when the vertices wind
 *             counter-clockwise (+x toward +y), -1 clockwise, 0 zero area
 *   Capsule   p[0], p[1], radius
 *   Fan       p[0] apex, radius, angle = direction, opening; cos_a/sin_a the
 *             direction, cos_h/sin_h the half opening
 *   Concave   verts -> count outline vertices, p[0] the first; pieces -> its
 *             convex pieces (Polygons), all in the caller's storage (see
 *             c2d_make_concave)
 *   Group     pieces -> its members, p[0] the first member's position, in
 *             the caller's storage (see c2d_make_group)
 *   Tiles     p[0] the layer's corner (its least x and y), w, h the tile
 *             size; tiles -> the codes and kinds, in the caller's storage
 *             (see c2d_make_tiles)
 * A Concave or Group is a compound: compound holds the rest of its storage
 * (how many pieces, a tree over their boxes).
 */
/* The least translation that separates a from b: move a by normal * depth.
 * The normal points from b toward a; point is a point where they meet. */
typedef struct c2d_contact_result {
    int hit;        /* 0: apart (the rest unset) */
    double depth;
    c2d_vec normal;
    c2d_vec point;
} c2d_contact_result;

/* The first time t in [0, 1] at which two moving shapes touch, the normal
 * there (from b toward a) and the touching point. */
typedef struct c2d_sweep_result {
    int hit;        /* 0: no touch within the step */
    double t;
    c2d_vec normal;
    c2d_vec point;
} c2d_sweep_result;

typedef struct c2d_bounds {
    double minx, miny, maxx, maxy;
} c2d_bounds;

typedef struct c2d_shape {
    /* Laid out by use, 64 bytes (one cache line) at a time; 320 bytes in all,
     * so that in an array aligned to 64 bytes each shape's first line holds
     * what the commonest pairs read (the kind, a disk's centre and radius,
     * an AABB's corners), the second what polygons and rays read. */
    c2d_kind kind;
    int ccw;
    double radius;
    c2d_vec p[3];
    int count;
    int world_slot;          /* its entry in world (below) */
    const c2d_vec *verts;
    double slack;      /* Polygon: how far a vertex stands outside an edge line
                          (rounding that convexity allowed); 0 when exact */
    c2d_bounds bounds; /* kept by c2d_make: the bounding box (a Line: infinite) */
    struct c2d_world *world; /* the World holding the shape, or NULL (c2d_make:
                                NULL); the transforms tell it. Beside the bounds,
                                so that a move reads no further line. */
    double w, h;
    double angle;
    double opening;
    double cos_a, sin_a;
    double cos_h, sin_h;
    c2d_vec corners[4];
    const struct c2d_shape *pieces;   /* Concave: convex pieces; Group: members */
    struct c2d_compound *compound;    /* Concave, Group: the rest of the storage */
    struct c2d_tiles *tiles;          /* Tiles: the layer's storage */
    double unused[5];        /* rounds the size up to five cache lines */
} c2d_shape;

/* The least distance between two shapes and a closest point on each. */
typedef struct c2d_distance_result {
    double distance;
    c2d_vec a, b;
} c2d_distance_result;

/*
 * Build a shape of `kind` from the constructor's numbers (as the Lua
 * constructors take them; Polygon: x1, y1, ..., xn, yn). Polygon vertices are
 * copied to `storage`, which must hold n/2 vertices and outlive the shape.
 * On failure returns an error and sets *bad to the 0-based index of the number
 * at fault (or -1 when no single number is).
 */
c2d_error c2d_make(c2d_shape *s, c2d_kind kind, const double *nums, int n,
                   c2d_vec *storage, int *bad);

/* The convex hull of n points, counter-clockwise, into out (room for 2n: the
 * chain grows past the hull while it works);
 * returns the vertex count (1 or 2 when the points are all equal or collinear).
 * pts is reordered. */
int c2d_hull(c2d_vec *pts, int n, c2d_vec *out);

/* A Polygon that is the convex hull of n >= 1 points: the hull goes to storage
 * (room for 2n) and pts is reordered. Fails with C2D_ERR_COUNT when the hull
 * has more than C2D_MAX_VERTICES vertices. */
c2d_error c2d_make_hull(c2d_shape *s, c2d_vec *pts, int n, c2d_vec *storage);

/* Round a Box, Triangle or Polygon (a hull's too) by r >= 0: it becomes the
 * points within r of it (its sum with a disk of radius r; 0: sharp again).
 * c2d_make builds one from one more number, the radius, after the others.
 * C2D_ERR_ROUND for any other kind; on failure s is unchanged. */
c2d_error c2d_round(c2d_shape *s, double r);

/*
 * A Concave: any simple polygon of n/2 vertices (either winding; repeated and
 * collinear vertices allowed; no crossing or touching of two edges), cut into
 * convex pieces. storage must hold c2d_concave_size(n/2) bytes, aligned for a
 * double, and outlive the shape (the work of the cut is done there too).
 */
size_t c2d_concave_size(int vertices);
c2d_error c2d_make_concave(c2d_shape *s, const double *nums, int n, void *storage, int *bad);

/* A Group of n shapes (copies; a Group member's members are taken in its
 * place; a Line is refused with C2D_ERR_MEMBER, *bad its index). storage must
 * hold c2d_group_size(members, n) bytes, aligned for a double. */
size_t c2d_group_size(const c2d_shape *const *members, int n);
c2d_error c2d_make_group(c2d_shape *s, const c2d_shape *const *members, int n, void *storage, int *bad);

/* How many bytes of its own storage a shape uses (Polygon: its vertices;
 * Concave, Group: the whole block; 0 for the rest), and a copy of it into
 * storage of that size (dst then owns nothing of src; it is in no world). */
size_t c2d_storage_size(const c2d_shape *s);
void c2d_copy(c2d_shape *dst, const c2d_shape *src, void *storage);

/*
 * A tile layer: columns x rows tiles of tile_w x tile_h, the tile in column c,
 * row r (from 0) spanning x in [x + c * tile_w, x + (c + 1) * tile_w] and y in
 * [y + r * tile_h, y + (r + 1) * tile_h] (row 0 at the least y: the top on a
 * LOVE screen). Each tile holds a code (0 .. C2D_TILE_CODES - 1); kind_of maps
 * a code to a kind, and kinds[k] is kind k's piece in tile units: u from the
 * tile's left (0) to its right (1), v from its top (0) to its bottom (1),
 * 1 to C2D_MAX_TILE_VERTICES points in convex order (a point, a segment or a
 * convex polygon), or count 0 for an empty tile. The layer is the union of its
 * tiles' pieces: an edge two pieces share is inside it for every query.
 * A vertex of a tile is at x + (c + u) * tile_w, y + (r + v) * tile_h, so
 * neighbours compute their common corners as the same doubles.
 * kinds NULL (with kind_of NULL): code 0 empty, every other code a full tile.
 * codes NULL: every tile 0. storage holds c2d_tiles_size(columns, rows) bytes,
 * aligned for a double (0: too many tiles). A query on a layer uses room in
 * that storage: one query at a time per layer (not from two threads at once).
 */
enum { C2D_TILE_CODES = 65536, C2D_TILE_KINDS = 256, C2D_MAX_TILE_VERTICES = 8 };
typedef struct c2d_tile_kind {
    int count;
    double uv[2 * C2D_MAX_TILE_VERTICES];
    /* (0, 0): solid all round. Otherwise a one-way piece: every query takes
     * it as solid, but a World move meets it only as c2d_world_set_oneway's
     * shapes, from the side side points to (in x, y: (0, -1) is the top). */
    c2d_vec side;
} c2d_tile_kind;
size_t c2d_tiles_size(int columns, int rows);
/* nums: x, y, tile_w, tile_h (*bad the index at fault); columns, rows >= 1;
 * kinds: nkinds (1 .. C2D_TILE_KINDS) kinds (*bad = C2D_TILE_BAD_KIND + k for kind k);
 * kind_of: C2D_TILE_CODES kind indices (below nkinds). */
enum { C2D_TILE_BAD_KIND = 1000 };
c2d_error c2d_make_tiles(c2d_shape *s, const double *nums, int columns, int rows, const c2d_tile_kind *kinds,
                         int nkinds, const unsigned char *kind_of, const unsigned short *codes, void *storage,
                         int *bad);
/* How many columns and rows of tiles. */
void c2d_tiles_dims(const c2d_shape *s, int *columns, int *rows);
/* The code of the tile at (column, row), or -1 outside the layer. */
int c2d_tiles_get(const c2d_shape *s, int column, int row);
/* Set the code of the tile at (column, row); 0 when outside the layer or the code is not below C2D_TILE_CODES. */
int c2d_tiles_set(c2d_shape *s, int column, int row, int code);
/* The kind a code maps to. */
int c2d_tiles_kind_of(const c2d_shape *s, int code);
/* The piece of the tile at (column, row) into *out (a Polygon's vertices in
 * verts, room for C2D_MAX_TILE_VERTICES); 0 when the tile is empty or outside
 * the layer. */
int c2d_tiles_piece(const c2d_shape *s, int column, int row, c2d_shape *out, c2d_vec *verts);
/* The tiles whose pieces meet box (o NULL: their pieces' boxes; else those
 * that hit o, which box then bounds, as o's bbox does), row by row: column,
 * row pairs (from 0) into cells, room pairs at most; how many there are (more
 * than room: the rest were not written). Empty tiles are never listed. */
int c2d_tiles_cells(const c2d_shape *s, const c2d_bounds *box, const c2d_shape *o, int *cells, int room);

/* A compound's pieces (Concave: convex Polygons; Group: members); returns how
 * many, 0 for any other kind. */
int c2d_pieces(const c2d_shape *s, const c2d_shape **pieces);

/* The constructor's numbers of a shape, in order, into out (room for
 * 2 * C2D_MAX_VERTICES + 1: a rounded shape's radius comes last); returns how many. A Concave's vertices are in
 * verts and a Group's members in pieces: both give 0 here. */
int c2d_numbers(const c2d_shape *s, double *out);

/* Mass properties, in closed form: the area, the perimeter (a Segment's
 * outline is there and back: twice its length; a Concave's, its outline's), the
 * centroid (where the area is 0: c2d_center), and the second moment of area
 * about the centroid (the rotational inertia at density 1). A Concave and a
 * Group add their pieces (where a Group's members overlap, that part counts
 * once for each; a Group's perimeter is its members'). C2D_ERR_NO_MASS for a
 * Line or a tile layer, or a Group holding one. */
typedef struct c2d_mass_result {
    double area, perimeter;
    c2d_vec centroid;
    double inertia;
} c2d_mass_result;
c2d_error c2d_mass(const c2d_shape *s, c2d_mass_result *out);

/* Contact manifolds, for a physics step: where a and b touch or come within
 * margin (>= 0) of each other, a normal (unit, from b toward a, as contact's)
 * and one or two points, each with its separation along the normal (negative
 * where they overlap) and a feature id that stays the same while the same two
 * features touch (for warm starting). A face of one shape lying across the
 * normal gives two points where the other's face lies along it (a box on a
 * box: at the ends of their faces' overlap); else one point (a disk on a box,
 * corner to corner) with the exact separation. A Concave, a Group or a tile
 * layer gives one manifold per pair of pieces within the margin, piece_a and
 * piece_b their indices (a Concave's piece, a Group's member, a layer's tile
 * column + row * columns; -1: the shape itself). Writes up to max manifolds
 * to out and sets *count to how many there are (more than max: call again
 * with more room). C2D_ERR_NONFINITE or C2D_ERR_NEGATIVE for a bad margin. */
typedef struct c2d_manifold_point {
    c2d_vec point;       /* midway between the two surfaces */
    double separation;   /* along the normal; negative: overlapping */
    unsigned id;         /* the features touching (0 for a single point) */
} c2d_manifold_point;
typedef struct c2d_manifold {
    c2d_vec normal;
    int count;           /* 1 or 2 */
    int piece_a, piece_b;
    c2d_manifold_point points[2];
} c2d_manifold;
c2d_error c2d_manifolds(const c2d_shape *a, const c2d_shape *b, double margin, c2d_manifold *out, int max, int *count);

/* The intersection of two convex shapes, as a convex polygon: its vertices,
 * counter-clockwise, into out (at most room; returns how many there are, 0
 * when the shapes do not meet, 1 or 2 when they meet in a point or a segment;
 * -1 for a shape that is not convex: a Line, Concave, Group, tile layer or a
 * Fan opened beyond pi). Polygonal kinds are exact up to the rounding of the
 * crossings; a round shape is read as its c2d_outline with `segments` points
 * to a full turn (3 to 256; inscribed, so the answer lies inside both).
 * Room for 2 * (segments + 3 + C2D_MAX_VERTICES) always suffices. */
int c2d_intersection(const c2d_shape *a, const c2d_shape *b, int segments, c2d_vec *out, int room);

/* Triangles covering the shape: three vertices each, into out (at most room
 * vertices); returns how many triangles there are (0 for a shape without
 * area), -1 for a Line or a tile layer. Each convex piece (a Concave's, a
 * Group's members) fans out from its first outline point; a round shape's
 * outline takes `segments` points to a full turn, as in c2d_intersection. */
int c2d_triangles(const c2d_shape *s, int segments, c2d_vec *out, int room);

/* A shape that a move d left overlapping b, pushed back along it: the least
 * k >= 0 such that a moved by -k d no longer overlaps b (they touch), into
 * out->t, with the normal there (from b toward a) and the touching point;
 * out->hit 0 when they do not overlap (apart, or only touching). Each
 * overlapping pair of convex pieces spans an interval of k, found by two
 * exact sweeps; a pushed out of one piece into another goes on out of that
 * one too. k is HUGE_VAL where no k will do (d zero; d along a Line a
 * overlaps; two Lines that cross). C2D_ERR_NONFINITE for a non-finite d. */
c2d_error c2d_push_back(const c2d_shape *a, c2d_vec d, const c2d_shape *b, c2d_sweep_result *out);

/* Which feature of s the boundary point p lies on (within 1e-9 of the
 * shape's size and the rounding of its coordinates): an edge, a vertex or an
 * arc, its index, the piece it is in (a Group's member, a layer's tile
 * column + row * columns; -1 for a shape without pieces; a Concave's own
 * outline is indexed, not its pieces) and the feature's outward normal (a
 * vertex: n). An edge's index is the vertex it starts from, in the order
 * c2d_outline gives them; a Segment's and a Capsule's two sides are edges 0
 * (from the first point) and 1, their ends vertices (arcs for a Capsule) 0
 * and 1; a Fan's sides edges 0 and 1, its apex vertex 0, its arc arc 0. n
 * (any length; zero: none) picks among the features p lies on: the edge
 * whose outward normal is n's direction, else a vertex or arc, else the edge
 * nearest n's direction, as the normal of a contact, sweep or raycast answer
 * at p names its feature. kind C2D_FEATURE_NONE when p is on none of them.
 * C2D_ERR_NONFINITE for a non-finite p or n. */
typedef enum c2d_feature_kind {
    C2D_FEATURE_NONE = 0, C2D_FEATURE_EDGE, C2D_FEATURE_VERTEX, C2D_FEATURE_ARC
} c2d_feature_kind;
typedef struct c2d_feature {
    c2d_feature_kind kind;
    int index;
    int piece;
    c2d_vec normal;
} c2d_feature;
c2d_error c2d_feature_at(const c2d_shape *s, c2d_vec p, c2d_vec n, c2d_feature *out);

/* Do the closed shapes share a point. */
int c2d_hits(const c2d_shape *a, const c2d_shape *b);

/* The least distance (0 when they share a point) and a closest point on each. */
c2d_distance_result c2d_distance(const c2d_shape *a, const c2d_shape *b);

/* Does the closed shape hold the point. */
int c2d_contains(const c2d_shape *s, double x, double y);

/* The bounding box; returns 0 for a Line, which has none. */
int c2d_bbox(const c2d_shape *s, c2d_bounds *out);

/* The centroid of the point set (for a zero-area shape, of the segment or point it is). */
c2d_vec c2d_center(const c2d_shape *s);

/* The reference position of each kind (see the table in the README). */
c2d_vec c2d_position(const c2d_shape *s);

/* Does a hold every point of b. */
int c2d_covers(const c2d_shape *a, const c2d_shape *b);

/* The least translation separating a from b (for shapes that are not convex,
 * the least move after which they no longer overlap anywhere). */
c2d_error c2d_contact(const c2d_shape *a, const c2d_shape *b, c2d_contact_result *out);

/* a moving by da and b by db over t in [0, 1]: when do they first touch. */
c2d_sweep_result c2d_sweep(const c2d_shape *a, c2d_vec da, const c2d_shape *b, c2d_vec db);

/* The ray origin + t * dir for t in [0, maxt]: the first t on the shape and the
 * outward normal there (t = 0 when the origin is inside). */
c2d_sweep_result c2d_raycast(const c2d_shape *s, c2d_vec origin, c2d_vec dir, double maxt);

/* The same five queries with plain numbers in and the answer written to out,
 * for callers that cannot pass or return a struct by value cheaply (LuaJIT's
 * JIT does not compile an FFI call that does). */
void c2d_distance_into(const c2d_shape *a, const c2d_shape *b, c2d_distance_result *out);
void c2d_sweep_into(const c2d_shape *a, double dx, double dy, const c2d_shape *b, double bdx, double bdy,
                    c2d_sweep_result *out);
void c2d_raycast_into(const c2d_shape *s, double x, double y, double dx, double dy, double maxt,
                      c2d_sweep_result *out);
void c2d_center_into(const c2d_shape *s, c2d_vec *out);
void c2d_position_into(const c2d_shape *s, c2d_vec *out);

/* A shape's motion over a step, turning as it goes: at t in [0, 1] it is the
 * shape turned by t * angle about pivot, then moved by t * d. */
typedef struct c2d_motion {
    c2d_vec d;
    double angle;
    c2d_vec pivot;
} c2d_motion;

/* The first t in [0, 1] at which a and b, moving as ma and mb, come within
 * tol of each other (tol <= 0: 1e-9 of the smaller one's size, at least 64 * DBL_EPSILON of
 * their coordinates' magnitude), as c2d_sweep
 * answers it: t, the normal from b toward a and the point where they touch,
 * at that t. Certified: there is no touch before the t answered, and at it
 * they are at most tol apart (up to the rounding of turning the shapes, far
 * below tol); hit 0 when they never touch. Starting within tol, moving in is
 * t = 0, parting or sliding no hit. Without turns, c2d_sweep's own answer.
 * room: c2d_sweep_turning_room(a, b) bytes (aligned for a double; 0 when
 * neither is a Concave or Group), for the poses. An AABB or a layer that
 * turns is C2D_ERR_ROTATE_AABB or C2D_ERR_ROTATE_TILES. */
size_t c2d_sweep_turning_room(const c2d_shape *a, const c2d_shape *b);
c2d_error c2d_sweep_turning(const c2d_shape *a, const c2d_motion *ma, const c2d_shape *b, const c2d_motion *mb,
                            double tol, void *room, c2d_sweep_result *out);

/* Transforms, in place. Each keeps the shape's cached data current and
 * fails (leaving the shape as it was) where the result would be invalid.
 * A Polygon's vertices are rewritten through verts, which must be writable.
 * rotate keeps a Box's angle and a Fan's direction in (-pi, pi]. A Polygon
 * whose moved or turned vertices rounding leaves convex only within a few
 * ulps is rebuilt as their hull (it may lose a vertex rounding put in line). */
c2d_error c2d_move(c2d_shape *s, double dx, double dy);
c2d_error c2d_move_to(c2d_shape *s, double x, double y);
c2d_error c2d_rotate(c2d_shape *s, double angle, double ox, double oy);
c2d_error c2d_scale(c2d_shape *s, double k, double ox, double oy);

/* Points along the outline, for drawing: a circle takes `segments` points
 * (at least 3), arcs their share of them. Writes at most `room` points
 * (segments + 3 always suffice, or count for a Polygon, or
 * segments + 2 * count + 3 for a rounded one, whose arcs take fewer points
 * when room is short) and returns how many. */
int c2d_outline(const c2d_shape *s, int segments, c2d_vec *out, int room);

/*
 * World: many shapes at once, with a broadphase (a grid of cells for shapes
 * of about a cell's size, a list for the few much larger ones and one for
 * Lines). The world holds pointers to its shapes, which must stay where they
 * are while in it; a shape changed by the transforms below tells its world,
 * which brings the entry up to date at its next query. Results come in the
 * order the shapes were added (pairs: by the first, then the second), or
 * along a segment. A world allocates as it grows and keeps its scratch, so a
 * query allocates nothing once the world has grown to its work. Functions
 * returning int return -1 when memory ran out.
 */
typedef struct c2d_world c2d_world;

/* A new empty world; cell is the broadphase cell size (<= 0: 64). NULL when out of memory. */
c2d_world *c2d_world_new(double cell);
/* Free the world, after unlinking its shapes. */
void c2d_world_free(c2d_world *w);
/* Add s with collision bits; returns its slot (s->world, s->world_slot set), -1 out of memory. */
int c2d_world_add(c2d_world *w, c2d_shape *s, unsigned category, unsigned mask);
/* Take the shape in slot out (its link cleared). */
void c2d_world_remove(c2d_world *w, int slot);
/* The shape in slot changed (the transforms say so themselves; this is for
 * a shape changed by hand): the next query takes its new box. */
void c2d_world_touch(c2d_world *w, int slot);
/* The shape in slot, or NULL for a free slot. */
c2d_shape *c2d_world_shape(const c2d_world *w, int slot);
/* How many shapes the world holds, and the slots in the order they were added. */
int c2d_world_count(const c2d_world *w);
int c2d_world_slots(c2d_world *w, const int **slots);
/* The collision bits of a slot (a and b meet when a.category & b.mask and b.category & a.mask). */
void c2d_world_set_filter(c2d_world *w, int slot, unsigned category, unsigned mask);
void c2d_world_get_filter(const c2d_world *w, int slot, unsigned *category, unsigned *mask);
/* A sensor is found by the queries, collisions and events, but a move or a
 * push never meets it (a coin, a trigger zone). */
enum { C2D_WORLD_SENSOR = 1 };
void c2d_world_set_sensor(c2d_world *w, int slot, int on);
/* The slot's flags: C2D_WORLD_SENSOR. */
unsigned c2d_world_flags(const c2d_world *w, int slot);
/* A one-way shape is solid only on the side side points to (a platform a
 * mover jumps through from below and lands on from above): a move meets it
 * only where the contact normal has a part along side, and never while the
 * mover overlaps it at the start of the move. A zero side makes it solid all
 * round again. 0 when memory ran out (nothing changed). */
int c2d_world_set_oneway(c2d_world *w, int slot, c2d_vec side);
/* 1 and its side when the slot is one-way: the side as set, scaled by a
 * power of two (its larger component in [1, 2)); setting it again gives the
 * same side bit for bit. */
int c2d_world_get_oneway(const c2d_world *w, int slot, c2d_vec *side);
/* The slots whose shapes hit s (skipping skip, -1 for none), in the order
 * they were added: those whose category shares a bit with *mask, or every
 * one when mask is NULL (a category of 0 shares no bit with any mask). */
int c2d_world_query(c2d_world *w, const c2d_shape *s, int skip, const unsigned *mask, const int **slots);
/* The slots whose bounding boxes meet box (candidates only; the boxes
 * grown by a few ulps of their magnitude, the rounding hits allows), in the
 * order they were added; mask as for c2d_world_query. */
int c2d_world_candidates(c2d_world *w, const c2d_bounds *box, int skip, const unsigned *mask, const int **slots);
/* Every pair of shapes that hit each other and whose bits meet, once:
 * pairs[2k], pairs[2k + 1], the earlier-added first, ordered by the first
 * then the second. */
int c2d_world_collisions(c2d_world *w, const int **pairs);
/* The same pairs copied into out, at most room ints of them; returns how many pairs. */
int c2d_world_collisions_into(c2d_world *w, int *out, int room);
/* What changed since the last call (the first call: every pair began): the
 * pairs touching now, as c2d_world_collisions gives them (*pairs, *npairs),
 * the indices of those that began touching (began[0 .. nbegan)), and the
 * indices, into the pairs the last call gave, of those that ended (a shape
 * removed ends its pairs). The ids of shapes tell pairs apart, so a slot that
 * changed hands is a new pair. c2d_world_events_done makes these pairs the
 * ones the next call compares with (until then, a call answers the same).
 * -1 when memory ran out. */
int c2d_world_events(c2d_world *w, const int **pairs, int *npairs, const int **began, int *nbegan, const int **ended,
                     int *nended);
void c2d_world_events_done(c2d_world *w);
/* The slots the segment from o along d (t in [0, maxt]) meets, nearest
 * first (ties: the earlier added), with each one's first t and normal;
 * mask as for c2d_world_query. */
typedef struct c2d_world_hit {
    int slot;
    double t;
    c2d_vec normal;
} c2d_world_hit;
int c2d_world_raycast(c2d_world *w, c2d_vec o, c2d_vec d, double maxt, const unsigned *mask, const c2d_world_hit **hits);
/* The first of those hits alone (the least t, ties to the earlier added):
 * 1 (*hit set), 0 none, -1 when memory ran out. Walks the ray's cells in
 * order and stops at the first hit's cell: a long ray in a full World
 * costs what its first stretch does. */
int c2d_world_raycast_first(c2d_world *w, c2d_vec o, c2d_vec d, double maxt, const unsigned *mask, c2d_world_hit *hit);
/*
 * Sight (sight.c). A view: from o, within radius (HUGE_VAL: any distance)
 * and, when opening < 2 pi, within opening / 2 of the unit direction dir.
 * A point p of a shape is seen when the segment from o to p meets no
 * blocker before p (one met at p itself does not hide it); a shape is seen
 * when one of its points within the view is.
 */
typedef struct c2d_view {
    c2d_vec o;
    double radius;
    c2d_vec dir;
    double opening;
} c2d_view;
/* Whether b is seen from v past the n blockers (b itself among them is
 * skipped): 1 (*point: a point of b seen, on its outline to rounding), 0
 * (*hider: the index of the blocker nearest on the way to b's centre, or -1),
 * or -k when work (room directions) is too small: k are wanted. Exact at the
 * rays it casts (every silhouette direction of b, of the blockers and of the
 * view's edges, where overlapping outlines cross, and one between each two
 * neighbours); crossings with a tile layer's pieces or a polygon of more
 * than 16 vertices are not taken: a sliver of b seen only between such a
 * crossing and the next direction can be missed. */
typedef struct c2d_sight_dir {
    c2d_vec d;
    double angle;
    double dist2; /* (squared) how near the shape it comes from comes to o */
} c2d_sight_dir;
int c2d_sees(const c2d_view *v, const c2d_shape *b, const c2d_shape *const *blockers, int n, c2d_sight_dir *work,
             int room, c2d_vec *point, int *hider);
/* The slots whose shapes may hide b from v (their boxes meet the region
 * between), b's own and skip left out (-1: none); mask as for
 * c2d_world_query. -1 when memory ran out. */
int c2d_world_sight_candidates(c2d_world *w, const c2d_view *v, const c2d_shape *b, int skip, const unsigned *mask,
                               const int **slots);
/* c2d_sees in a World: the blockers are slots[0 .. n) (as
 * c2d_world_sight_candidates gives them, or chosen from them); *hider a
 * slot or -1. -1 when memory ran out. */
int c2d_world_sees(c2d_world *w, const c2d_view *v, const c2d_shape *b, const int *slots, int n, c2d_vec *point,
                   int *hider);
/* Sight from a shape: whether some point of a (*from) sees b past the
 * blockers slots[0 .. n) (a and b never block; as
 * c2d_world_sight_candidates_from gives them, or chosen from them): 1
 * (*point: the point of b seen from *from, each on its shape to rounding),
 * 0 (*hider: the slot nearest on the way from a's centre to b, or -1), -1
 * when memory ran out. Exact at the points of a it asks (a's centre, the
 * places on its outline where what is seen can change, and one between
 * each two neighbours): a view that exists only for points of a within
 * rounding of one such place can be missed. */
int c2d_world_sight_candidates_from(c2d_world *w, const c2d_shape *a, const c2d_shape *b, const unsigned *mask,
                                    const int **slots);
int c2d_world_sees_from(c2d_world *w, const c2d_shape *a, const c2d_shape *b, const int *slots, int n, c2d_vec *from,
                        c2d_vec *point, int *hider);
/* Of slots[0 .. n), those seen from v, each with a point seen, the others
 * of the list the blockers; in the list's order. -1 when memory ran out. */
typedef struct c2d_world_seen {
    int slot;
    c2d_vec point;
} c2d_world_seen;
int c2d_world_visible(c2d_world *w, const c2d_view *v, const int *slots, int n, const c2d_world_seen **seen);
/* The outline of what v's origin sees within its radius (finite; the
 * opening is not taken), counter-clockwise, the shapes of slots[0 .. n)
 * blocking: the points where rays from the origin first meet a blocker or
 * the radius, along every silhouette direction (a hair to either side of it
 * too) and along directions close enough that every chord of a round part
 * (a blocker's, the radius's circle) stays within tol of its arc. Exact
 * where a ray meets a straight edge. How many points (*points: the world's
 * own array, until its next call), -1 when memory ran out, -2 for an
 * infinite radius or a tol not above 0. */
int c2d_world_visibility(c2d_world *w, const c2d_view *v, const int *slots, int n, double tol, const c2d_vec **points);

/*
 * Navigation: the shortest way through a World for a disk agent of a given
 * radius (0: a point). c2d_navmesh_build takes the shapes of slots[0 .. n)
 * as the blockers; the agent's centre may touch them grown by the radius,
 * never cross into them (by more than 2^-40 of the numbers' magnitude).
 * Round parts and the agent's reach about corners are taken as polygons
 * circumscribed about their arcs, within tol of them, so a path is longer
 * than the shortest by at most about tol at each corner it turns. The mesh
 * answers for the World as it was built: c2d_navmesh_stale says when the
 * World has changed since (a shape added, removed, moved, changed, a
 * filter or a tile set). Memory is taken at the build; a path takes none.
 */
typedef struct c2d_navmesh c2d_navmesh;
/* A mesh for an agent of the radius (>= 0), arcs within tol (> 0); NULL for
 * a radius or tol out of range, or out of memory. Built by c2d_navmesh_build. */
c2d_navmesh *c2d_navmesh_new(double radius, double tol);
void c2d_navmesh_free(c2d_navmesh *m);
double c2d_navmesh_radius(const c2d_navmesh *m);
/* Build over w, slots[0 .. n) the blockers (built before over w: brought
 * up to date in place, the blockers unchanged since keeping their corners
 * and runs): 0, or -1 when memory ran out (the mesh is then empty: stale,
 * and paths answer -2). */
int c2d_navmesh_build(c2d_navmesh *m, c2d_world *w, const int *slots, int n);
/* Whether m was built over another World, never, or before w changed. */
int c2d_navmesh_stale(const c2d_navmesh *m, c2d_world *w);
/* The shortest path from start to goal: how many points (*points: the
 * mesh's own array, until its next call; start first, goal last), 0 when
 * there is none (either end where the agent does not fit, or no way
 * between), -1 when memory ran out, -2 when m is not built over w. */
int c2d_navmesh_path(c2d_navmesh *m, c2d_world *w, c2d_vec start, c2d_vec goal, const c2d_vec **points);
/* The length of the polyline through points[0 .. n): the sum of its
 * segments' lengths, each as the core works it out on every machine. */
double c2d_path_length(const c2d_vec *points, int n);
/* The mesh's nodes (the corners a path may turn at), for drawing. */
int c2d_navmesh_count(const c2d_navmesh *m);
c2d_vec c2d_navmesh_node(const c2d_navmesh *m, int i);

/* The slots whose shapes s, moving and turning as m (c2d_sweep_turning's
 * motion; the others stay where they are) touches during the step, earliest
 * first (ties: the earlier added), with each one's t and normal (from it
 * toward s); s's own slot left out; mask as for c2d_world_query. -1 when
 * memory ran out. An AABB or layer s that turns: none. */
int c2d_world_sweep_turning(c2d_world *w, const c2d_shape *s, const c2d_motion *m, double tol, const unsigned *mask,
                            const c2d_world_hit **hits);

/*
 * Moving shapes through a World, as bump.lua's world:move does: the shape is
 * swept toward a goal, and at each shape it meets (earliest first) the
 * caller's respond callback says what to do. c2d_world_move with apply 0 is
 * a check: the answers without moving. c2d_world_push moves a shape out of
 * what it overlaps by the least total motion it can find.
 *
 * The callbacks may change the world (add, remove, move shapes, run
 * queries); the move reads the world anew after each. Every callback may be
 * NULL. A shape a callback is given stays valid for the rest of the call only
 * when the caller keeps it alive (anchor is asked first, for each shape a
 * callback will be told about: a caller whose shapes can be freed meanwhile,
 * as a garbage-collected binding's, keeps it and answers 1, or answers 0
 * when the shape in slot is no longer s). room gives memory that must live
 * until the call returns (NULL: the call takes it with malloc and frees it);
 * a callback may then leave the call without returning (longjmp).
 */
typedef enum c2d_response {
    C2D_RESPONSE_IGNORE = 0, /* go on as if it were not there (passed over for the rest of the move) */
    C2D_RESPONSE_TOUCH,      /* stop where they meet */
    C2D_RESPONSE_CROSS,      /* go through it (passed over for the rest of the move) */
    C2D_RESPONSE_SLIDE,      /* stop there, and go on with the rest of the motion along the surface */
    C2D_RESPONSE_BOUNCE,     /* stop there, and go on with the rest of the motion reflected about the normal */
    C2D_RESPONSE_GOAL        /* stop there, and go on toward the goal the callback gives (passed over) */
} c2d_response;

/* Where a move meets another shape. */
typedef struct c2d_meet {
    int slot;          /* the other's slot when it was met */
    double t;          /* when, as a fraction of the step toward the goal */
    c2d_vec normal;    /* the contact normal, from the other toward the mover */
    c2d_vec at;        /* the mover's position then */
    int probe;         /* 1: a controller only looks (for the ground below, a ledge's top): nothing moves yet */
} c2d_meet;

typedef struct c2d_move_calls {
    /* What to do on meeting other; for C2D_RESPONSE_GOAL, *goal is set to where to head (it holds the current goal). */
    c2d_response (*respond)(void *ud, const c2d_shape *other, const c2d_meet *meet, c2d_vec *goal);
    /* push: whether to push the shape out of other. */
    int (*keep)(void *ud, const c2d_shape *other);
    /* push: the shape was pushed out of other along normal by depth; forget drops those told so far. */
    void (*pushed)(void *ud, const c2d_shape *other, c2d_vec normal, double depth);
    void (*forget)(void *ud);
    /* Keep s, the shape in slot, alive for the rest of the call: 1, or 0 when slot holds s no more. */
    int (*anchor)(void *ud, const c2d_shape *s, int slot);
    /* bytes of memory that live until the call returns, or NULL. */
    void *(*room)(void *ud, size_t bytes);
    void *ud;
    /* 1: one-way shapes are not met (a mover dropping through a platform). */
    int through_oneway;
    /* Not NULL: only shapes whose category shares a bit with *mask are met (as queries take it). */
    const unsigned *mask;
} c2d_move_calls;

typedef enum c2d_move_status {
    C2D_MOVE_DONE = 0,
    C2D_MOVE_NO_MEMORY,    /* the shape did not move */
    C2D_MOVE_GOAL_RANGE,   /* the motion to the goal (or a push) would pass the largest number */
    C2D_MOVE_REST_RANGE,   /* the rest of the motion, after a response, would pass it */
    C2D_MOVE_BAD_GOAL      /* a respond callback gave a goal that is not finite */
} c2d_move_status;

/* Move s (in w or not) toward its position being goal; with apply, s ends
 * there (its position, *end); without, only *end says where it would. The
 * shape moves with its bits in w (or category 1 and every mask bit). */
c2d_move_status c2d_world_move(c2d_world *w, c2d_shape *s, c2d_vec goal, const c2d_move_calls *calls, int apply,
                               c2d_vec *end);
/* The goal a move heads for after response r at a meeting: at the point at
 * (the mover's position then), with normal n, while it was heading for goal
 * (touch: at; slide: the rest of the motion less its part into n; bounce: the
 * rest reflected about n; cross, ignore: goal). */
c2d_vec c2d_response_goal(c2d_response r, c2d_vec at, c2d_vec goal, c2d_vec n);
/* Push s out of the shapes of w it overlaps (those keep accepts); s ends at *end. */
c2d_move_status c2d_world_push(c2d_world *w, c2d_shape *s, const c2d_move_calls *calls, c2d_vec *end);

/*
 * A character controller: a mover that walks on ground no steeper than
 * max_slope from up (keeping its speed across up on slopes), keeps to the
 * ground within snap below it, steps up ledges no higher than step, is carried
 * by what it stands on when that moves or turns (a platform moved with
 * c2d_move_to, c2d_rotate, ...), and is pushed out of what overlaps it at the
 * start of each move (a platform or another mover that moved into it). A
 * contact normal within max_slope of up is ground, within it of down a
 * ceiling, else a wall (a slope too steep to walk is a wall). Plain data:
 * c2d_controller_init sets the defaults (up (0, -1), max_slope 50 degrees,
 * snap 0, step 0); set the options, then call c2d_controller_move each frame
 * with the motion wanted (gravity included). The rest is what it found.
 */
typedef struct c2d_controller {
    /* options */
    c2d_vec up;              /* a unit vector */
    double max_slope;        /* radians */
    double snap, step;       /* lengths */
    /* after the last move */
    int grounded;
    const c2d_shape *ground; /* what it stands on (the caller keeps it alive), or NULL */
    int ground_slot;
    c2d_vec ground_normal;
    c2d_vec ground_ref[2];   /* two points of the ground then, to carry the mover */
    int wall, ceiling;       /* whether the move met a wall, a ceiling */
    c2d_vec wall_normal, ceiling_normal;
} c2d_controller;

void c2d_controller_init(c2d_controller *c);
/* Move s (in w) by motion as a character: with drop, through one-way shapes
 * (dropping off a platform). calls as for c2d_world_move (respond is asked
 * first; what it answers slide, the controller handles). s ends at *end. */
c2d_move_status c2d_controller_move(c2d_controller *c, c2d_world *w, c2d_shape *s, c2d_vec motion, int drop,
                                    const c2d_move_calls *calls, c2d_vec *end);

/* The kind's name: "Point", "Segment", ... */
const char *c2d_kind_name(c2d_kind kind);

/* A short lowercase description of an error, for messages. */
const char *c2d_error_message(c2d_error err);

#ifdef __cplusplus
}
#endif

#endif
