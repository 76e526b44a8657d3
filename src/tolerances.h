/*
 * Internal to the C core: the tolerances, all of them, each with its unit,
 * and c2d_ulps, the unit most are counted in. Everything else is compared
 * exactly.
 */
#ifndef COLLIDE2D_TOLERANCES_H
#define COLLIDE2D_TOLERANCES_H

#include <float.h>

/*
 * The tolerances, all of them. Everything else is compared exactly.
 *
 * C2D_SNAP: an angle within this many units of relative rounding of a multiple
 *   of pi/2 gets exact cos/sin (0, +-1), so math.pi/2 turns a box exactly.
 * C2D_ANGLE_TOLERANCE: radians; a point this close in angle to a fan's edge
 *   ray counts as on it (cos/sin of the edge directions carry ~1e-16 error).
 * C2D_FULL_TURN: a fan opening within this of 2*pi is the full disk.
 * C2D_CONVEX_TOLERANCE: relative to the edge lengths, how far a polygon
 *   vertex may stand on the wrong side of an edge line and still count as
 *   convex (collinear vertices computed with rounding).
 * C2D_TRIG_ROUNDING: in units of DBL_EPSILON times the size of the numbers
 *   involved, how far the corners of a turned Box or the edge ends of a Fan
 *   may sit from where exact cos/sin would put them. Shapes meeting within it
 *   touch; it is ~1e-15 relative, far below any gap a game can mean.
 * C2D_REST_ROUNDING: in units of DBL_EPSILON times the size of the pair in
 *   its frame, the contact depth that still counts as resting (touching)
 *   rather than overlapping, for the sweep: a depth below it is the rounding
 *   of an irrational touch (tangent disks, a slanted edge), and a resting
 *   shape must still be free to walk away or slide.
 * C2D_SLIDE_ROUNDING: in the same units, how far two shadows across the
 *   motion may be off flush and still count as flush (a slide or graze, no
 *   hit), where radii or turned corners make the shadows' ends irrational.
 *   Sharp polygons use no tolerance: their shadows are plain dot products.
 */
#define C2D_SNAP 8.0
#define C2D_ANGLE_TOLERANCE 1e-13
#define C2D_FULL_TURN 1e-12
#define C2D_CONVEX_TOLERANCE 1e-12
#define C2D_TRIG_ROUNDING 4.0

/*
 * The smaller allowances, each for one computation:
 * C2D_POINT_ROUNDING: in ulps of the largest coordinate, the distance below
 *   which two points of a polygon differ only by rounding (no edge between).
 * C2D_SLACK_MARGIN: relative; a polygon convex within rounding allows its
 *   slack plus this share of it, so its own farthest vertex still counts.
 * C2D_BOUNDS_ROUNDING: in ulps of the bounds compared, the gap between two
 *   cached bounding boxes that rounding in them could close (the early miss
 *   must never reject a pair the exact tests accept).
 * C2D_AXIS_TIE: in ulps of the support values, how close two candidate axes'
 *   overlaps may be and still tie (then the preferred direction decides).
 * C2D_CORE_GAP_TRUST: relative to the summed radii, the gap between two
 *   rounded cores above which the line between their closest points is a
 *   trusted contact normal (below it, the closest points are rounding; the
 *   gap must also clear C2D_POINT_ROUNDING ulps of the coordinates).
 * C2D_SEPARATES: relative to the pair's size, how far along a sweep's first
 *   normal the shapes may still overlap at the touch for it to be kept.
 */
#define C2D_POINT_ROUNDING 32.0
#define C2D_SLACK_MARGIN 1e-9
#define C2D_BOUNDS_ROUNDING 8.0
#define C2D_AXIS_TIE 16.0
#define C2D_CORE_GAP_TRUST 1e-6
#define C2D_SEPARATES 1e-9
/* Distance: relative to the pair's size in its frame (plus so many ulps of
 * the frame's distance from the origin), how far from touching a certified
 * GJK distance must be to stand for the hit decision (nearer, the exact
 * decision is made). */
#define C2D_DECIDE_MARGIN 1e-9
#define C2D_DECIDE_ULPS 64.0
#define C2D_SQRT2 1.4142135623730951
#define C2D_REST_ROUNDING 64.0
/* GJK (polygon distance): a step that brings the origin closer by less than
 * this share of the squared distance is rounding, and the walk ends; it ends
 * anyway after so many steps (then every feature pair is searched). The
 * certificate of its answer allows this many ulps in each dot product. */
#define C2D_GJK_PROGRESS 1e-12
#define C2D_GJK_ITERATIONS 64
/* GJK: the least weight of each corner for a simplex that holds the origin
 * to count as overlap (below it, the touch is left to the full search). */
#define C2D_GJK_INSIDE 1e-9
#define C2D_CERTIFY_ROUNDING 16.0
#define C2D_SLIDE_ROUNDING 16.0
/* A sweep's or a ray's touch on a sharp polygon's face stands when the other
 * core's vertex there is within this many ulps of the face's numbers. */
#define C2D_FACE_ROUNDING 32.0
/*
 * The compound contact search (Concave and Group), on the regions a pair's
 * cores sweep out:
 * C2D_REGION_ROUNDING: in ulps of a region's largest coordinate plus its
 *   radius, how far rounding in summing two cores may have moved its boundary.
 * C2D_ON_PIECE: relative, how far off its piece a point computed on the
 *   piece's line or circle may be and still be tried (a wrong try costs time,
 *   never truth: every try is checked).
 * C2D_OPPOSED_NORMALS: two unit normals whose sum is shorter than this face
 *   each other; no step leaves both pieces, and the corner is not tried.
 * C2D_CROSSING_SLACK: relative to two edge lines' offsets, how far outside
 *   the other lines their computed crossing may fall and still be tried.
 * C2D_CONTACT_REST: depths below this many rest tolerances are touches, not
 *   overlap.
 * C2D_CONTACT_POLISH: how much of a pair's size it may still overlap by after
 *   the regions' move for a further step out of it to be taken: the rounding
 *   of the regions' corners, where nearly parallel edges cross.
 * C2D_MOVED_ROUNDING: a moved copy's rounding, in ulps of its magnitude.
 * C2D_OPEN_SLACK: how far into a touch the side shapes that only touch open
 *   on may lean (a sine: the normals' rounding).
 */
#define C2D_REGION_ROUNDING 16.0
#define C2D_ON_PIECE 1e-9
#define C2D_OPPOSED_NORMALS 1e-9
#define C2D_CROSSING_SLACK 1e-9
#define C2D_CONTACT_REST 4.0
#define C2D_CONTACT_POLISH 1e-9
#define C2D_MOVED_ROUNDING 4.0
#define C2D_OPEN_SLACK 1e-12
/*
 * Covers:
 * C2D_COVER_ULPS: in ulps of the values, the rounding allowed in a support
 *   comparison.
 * C2D_COVER_NEAR: how far (relative to the pieces' sizes) a point computed
 *   where two pieces meet may lie off either and still cut (a needless cut
 *   costs time only).
 */
#define C2D_COVER_ULPS 16.0
#define C2D_COVER_NEAR 1e-9

/* The sizes whose squares and their sums stay normal doubles: a test of sums
 * of such squares is exact-same unscaled and scaled by any power of two. */
#define C2D_SQUARE_SAFE_HI 0x1p450
#define C2D_SQUARE_SAFE_LO 0x1p-450
#define C2D_SQUARES_HI 0x1p900
#define C2D_SQUARES_LO 0x1p-900

/* n ulps of numbers of magnitude m: the rounding the tolerances above are
 * counted in (n * DBL_EPSILON * m, multiplied in that order). */
static inline double c2d_ulps(double n, double m) { return n * DBL_EPSILON * m; }

/* How deep two shapes must overlap, relative to their distance from the
 * origin (at least 1), to be overlapping rather than touching within the
 * rounding of the step that brought them together. */
#define C2D_MOVE_OVERLAP 1e-9

/* A motion v touching a surface of normal n slides along it when v . n is
 * no more against n than C2D_MOVE_ALONG |v| (far above the rounding of a
 * normal, a few ulps; far below any visible angle), and C2D_MOVE_PLACE ulps
 * of the position p it starts from (a motion is a goal less a position: at
 * the position's magnitude, each of those rounds by an ulp of it). */
#define C2D_MOVE_ALONG 0x1p-40
#define C2D_MOVE_PLACE 8
/* The World's moves: a shape whose box is not its own vertices' (a radius,
 * a turn, an arc) has it widened by this many ulps of its largest
 * coordinate, and at least this much, before its box can show two shapes
 * only touch. */
#define C2D_SURE_BOUNDS_ULPS 4
#define C2D_SURE_BOUNDS_LEAST 0x1p-1070
/* A touching point within this of a vertex of both shapes, relative to its
 * distance from the origin (at least 1), is a corner on a corner, whose
 * slide may go along either shape's edge. */
#define C2D_CORNER_NEAR 1e-9
/* The controller: a surface whose direction has no more than this part
 * across up is upright (a wall, never walked along), and a probe that asks
 * whether a shape rests on something reaches this much, relative to its
 * distance from the origin (at least 1): as short as the coordinates allow,
 * which an exact sweep still tells from no motion. */
#define C2D_UPRIGHT 1e-12
#define C2D_REST_PROBE 0x1p-40
/* bump.lua's margin for its "strictly inside" tests (its DELTA), which
 * collide2d.bump keeps to give the same answers. */
#define C2D_BUMP_DELTA 1e-10

#endif
