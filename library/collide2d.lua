---@meta collide2d
-- Type definitions of collide2d for lua-language-server (LuaLS). Never run:
-- point LuaLS at this folder ("Lua.workspace.library") and `require "collide2d"`,
-- "collide2d.bump", "collide2d.draw", "collide2d.tiled" and "collide2d.ldtk" get
-- completion and type checks. The files in collide2d/ beside this one only
-- say which of the classes below each of those requires returns.
--
-- spec/annotations_spec.lua keeps this file true: every function and method of
-- the real modules is declared here, and everything declared here exists.

-- ---------------------------------------------------------------------------
-- Names and small types
-- ---------------------------------------------------------------------------

---What `shape:type()` and `collide2d.type(v)` answer.
---@alias collide2d.KindName
---| "Point"
---| "Segment"
---| "Line"
---| "Disk"
---| "AABB"
---| "Box"
---| "Triangle"
---| "Polygon"
---| "Capsule"
---| "Fan"
---| "Concave"
---| "Group"
---| "Tiles"

---A named tile kind of `collide2d.tiles` (slopes and ramps named by their solid corner).
---@alias collide2d.TileKindName
---| "empty"
---| "full"
---| "top"
---| "bottom"
---| "left"
---| "right"
---| "slope-br"
---| "slope-bl"
---| "slope-tr"
---| "slope-tl"
---| "ramp-br-low"
---| "ramp-br-high"
---| "ramp-bl-low"
---| "ramp-bl-high"
---| "ramp-tr-low"
---| "ramp-tr-high"
---| "ramp-tl-low"
---| "ramp-tl-high"
---| "oneway"

---A tile kind: a name, a convex piece in tile units `{u1, v1, u2, v2, ...}` (0 to 8 points, u and v in [0, 1]),
---or either in a table with `oneway` (true: one-way from the top; `{nx, ny}`: from that side; false: solid all round):
---`{ "top", oneway = true }`, `{ 0,0, 1,0, 1,0.25, 0,0.25, oneway = { 1, 0 } }`.
---@alias collide2d.TileKind collide2d.TileKindName|number[]|{ [integer]: number|collide2d.TileKindName, oneway?: boolean|number[] }

---A tile code: a whole number in [0, 65535], or a one-character string meaning its byte.
---@alias collide2d.TileCode integer|string

---Code -> kind for `collide2d.tiles`; codes it does not list are empty.
---@alias collide2d.TileKinds table<collide2d.TileCode, collide2d.TileKind>

---A query's filter: a mask tested against each candidate's category, or `filter(other)` returning truthy to keep it.
---@alias collide2d.QueryFilter integer|fun(other: collide2d.Shape): any

---The response a move gives a touch: a built-in name or one added with `addResponse`.
---@alias collide2d.ResponseName "slide"|"touch"|"cross"|"bounce"|string

---A move's filter: `filter(shape, other)` naming the response (falsy: pass through `other`), or a mask (every touch slides).
---@alias collide2d.MoveFilter integer|fun(shape: collide2d.Shape, other: collide2d.Shape): collide2d.ResponseName|false|nil

---A response of your own: returns the new goal (nothing: stop at `x, y`).
---@alias collide2d.Response fun(world: collide2d.World, col: collide2d.Collision, x: number, y: number, goalX: number, goalY: number): number?, number?

---One collision met by `World:move`, `World:check` or `Controller:move`.
---@class collide2d.Collision
---@field other collide2d.Shape the shape met
---@field type collide2d.ResponseName the response given
---@field ti number the fraction of that step's motion at the touch
---@field nx number contact normal x (from `other` toward the mover)
---@field ny number contact normal y
---@field x number the mover's position x there
---@field y number the mover's position y there

---One overlap left by `World:push`.
---@class collide2d.PushCollision
---@field other collide2d.Shape the shape pushed out of
---@field type "push"
---@field nx number the direction of the push, x
---@field ny number the direction of the push, y
---@field depth number how far the shape went to leave `other` (`math.huge`: no motion can)

---Options of `collide2d.controller` and `Controller:set` (those given are changed).
---@class collide2d.ControllerOptions
---@field maxSlope? number the steepest ground, in radians from up (default 50°, at most pi/2)
---@field snap? number keep to ground within this distance below (default 0)
---@field step? number step up onto ledges no higher than this (default 0)
---@field up? number[] the up direction `{x, y}` (default `{0, -1}`, the top of a LÖVE screen)

-- ---------------------------------------------------------------------------
-- The module: require "collide2d"
-- ---------------------------------------------------------------------------

---2D collision shapes, exact queries, worlds and a platformer controller, in C.
---Every Shape method is also a module function: `collide2d.hits(a, b)` is `a:hits(b)`.
---@class collide2d
---@field _VERSION string the module's version, e.g. "0.1.0"
---@field backend "capi"|"ffi" which front end answers: the C API binding, or LuaJIT's FFI
local collide2d = {}

---A Point.
---@param x number
---@param y number
---@return collide2d.Shape point
function collide2d.point(x, y) end

---A Segment from (x1, y1) to (x2, y2).
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@return collide2d.Shape segment
function collide2d.segment(x1, y1, x2, y2) end

---A Line: the infinite line through two different points.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@return collide2d.Shape line
function collide2d.line(x1, y1, x2, y2) end

---A Disk: centre and radius.
---@param x number
---@param y number
---@param r number radius, >= 0
---@return collide2d.Shape disk
function collide2d.disk(x, y, r) end

---An AABB: min corner (top-left in LÖVE), width and height.
---@param x number
---@param y number
---@param w number width, >= 0
---@param h number height, >= 0
---@return collide2d.Shape aabb
function collide2d.aabb(x, y, w, h) end

---A Box: centre, full width and height, turned by angle about the centre.
---@param cx number
---@param cy number
---@param w number full width, >= 0
---@param h number full height, >= 0
---@param angle number radians
---@param radius? number rounds it: the points within radius of the box (default 0)
---@return collide2d.Shape box
function collide2d.box(cx, cy, w, h, angle, radius) end

---A Triangle, either winding.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param x3 number
---@param y3 number
---@param radius? number rounds it: the points within radius of the triangle (default 0)
---@return collide2d.Shape triangle
function collide2d.triangle(x1, y1, x2, y2, x3, y3, radius) end

---A convex Polygon of 3 to 256 vertices, either winding, as x, y pairs or one table of them;
---one number more (or `radius =` in the table) rounds it: the points within that radius of it.
---@param ... number x1, y1, x2, y2, ... [, radius]
---@return collide2d.Shape polygon
---@overload fun(coords: number[]): collide2d.Shape
function collide2d.polygon(...) end

---The convex hull of one or more points, as a Polygon; one number more (or `radius =` in the
---table) rounds it (a rounded hull of one point is a disk, of two a capsule).
---@param ... number x1, y1, x2, y2, ... [, radius]
---@return collide2d.Shape polygon
---@overload fun(coords: number[]): collide2d.Shape
function collide2d.hull(...) end

---A Capsule: the segment (x1, y1)-(x2, y2) swept by a disk of radius r.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param r number radius, >= 0
---@return collide2d.Shape capsule
function collide2d.capsule(x1, y1, x2, y2, r) end

---A Fan: apex, radius, bisector direction and full opening angle in [0, 2*pi].
---@param x number
---@param y number
---@param r number radius, >= 0
---@param direction number radians
---@param opening number radians, in [0, 2*pi]
---@return collide2d.Shape fan
function collide2d.fan(x, y, r, direction, opening) end

---A Concave: any simple polygon (3 to 4,096 vertices), held as convex pieces; also takes Tiled's `{ {x =, y =}, ... }`.
---@param ... number x1, y1, x2, y2, ...
---@return collide2d.Shape concave
---@overload fun(coords: number[]): collide2d.Shape
---@overload fun(points: { x: number, y: number }[]): collide2d.Shape
function collide2d.concave(...) end

---A Group: copies of bounded shapes, moved, turned and scaled as one.
---@param ... collide2d.Shape members (a Group's members are taken in its place)
---@return collide2d.Shape group
---@overload fun(members: collide2d.Shape[]): collide2d.Shape
function collide2d.group(...) end

---A tile layer: a whole tile map as one shape, the union of its tiles' pieces.
---@param x number the map's left
---@param y number the map's top
---@param tileW number
---@param tileH number
---@param columns integer
---@param rows integer
---@param data integer[]|string one code per tile, row after row (an array, or a string of one byte per tile)
---@param kinds? collide2d.TileKinds code -> kind (without it: 0 empty, any other code full)
---@return collide2d.TileLayer layer
function collide2d.tiles(x, y, tileW, tileH, columns, rows, data, kinds) end

---A World: many shapes, a broadphase in C and the exact queries; or, given a `w:snapshot()` table, a World of copies of its shapes.
---@param cellSize? number|table the broadphase's cell, about the size of the common shapes (default 64), or a snapshot
---@return collide2d.World world
function collide2d.world(cellSize) end

---A platformer controller that moves `shape` in `world`.
---@param world collide2d.World
---@param shape collide2d.Shape a shape in that world
---@param options? collide2d.ControllerOptions
---@return collide2d.Controller controller
function collide2d.controller(world, shape, options) end

---A navigation mesh over `world` for a disk agent of `radius` (0: a point): shortest paths round the shapes the filter keeps (nil: every shape).
---Given a tile layer in no World, the layer goes into a World of its own (`nav:world()`), its solid tiles the blockers, and `filter` must be nil.
---@param world collide2d.World|collide2d.TileLayer
---@param radius number the agent's radius, >= 0
---@param filter? collide2d.QueryFilter which shapes block (a mask, or a function truthy for a blocker)
---@param tolerance? number how far the arcs round corners may be taken as polygons (default radius / 100, or 0.01)
---@return collide2d.NavMesh nav
function collide2d.navmesh(world, radius, filter, tolerance) end

---The kind name of a shape, nil for any other value.
---@param v any
---@return collide2d.KindName? kind
function collide2d.type(v) end

-- The methods, as module functions (`collide2d.hits(a, b)` is `a:hits(b)`).

---True when the two closed shapes share a point.
---@param a collide2d.Shape
---@param b collide2d.Shape
---@return boolean hit
function collide2d.hits(a, b) end

---The least distance between two shapes and a closest point on each.
---@param a collide2d.Shape
---@param b collide2d.Shape
---@return number d
---@return number ax
---@return number ay
---@return number bx
---@return number by
function collide2d.distance(a, b) end

---True when the point is in the shape (boundary included).
---@param s collide2d.Shape
---@param x number
---@param y number
---@return boolean inside
function collide2d.contains(s, x, y) end

---True when `a` holds every point of `b`.
---@param a collide2d.Shape
---@param b collide2d.Shape
---@return boolean covered
function collide2d.covers(a, b) end

---The least move of `a` out of `b`: normal (from b toward a), depth and a shared point; nil when apart.
---@param a collide2d.Shape
---@param b collide2d.Shape
---@return number? nx
---@return number ny
---@return number depth
---@return number px
---@return number py
function collide2d.contact(a, b) end

---Contact manifolds of a with b (those within `margin`, default 0), nil when none; `into` is a list to reuse.
---@param a collide2d.Shape
---@param b collide2d.Shape
---@param margin? number
---@param into? collide2d.Manifold[]
---@return collide2d.Manifold[]?
function collide2d.manifold(a, b, margin, into) end

---The common part of two convex shapes as a Polygon (a hull of 1 or 2 points where they only touch); nil when they do not meet.
---@param a collide2d.Shape
---@param b collide2d.Shape
---@param segments? integer
---@return collide2d.Shape?
function collide2d.intersection(a, b, segments) end

---Triangles covering the shape: {x1, y1, x2, y2, x3, y3, ...}, six numbers per triangle.
---@param s collide2d.Shape
---@param segments? integer
---@return number[]
function collide2d.triangles(s, segments) end

---How far back along its move (dx, dy) shape a, left overlapping b, must go: moving a by -k*(dx, dy) leaves them touching. nil when they do not overlap.
---@param a collide2d.Shape
---@param dx number
---@param dy number
---@param b collide2d.Shape
---@return number? k
---@return number nx
---@return number ny
---@return number px
---@return number py
function collide2d.pushBack(a, dx, dy, b) end

---Which feature of s the boundary point (x, y) lies on: "edge", "vertex" or "arc", its index, its piece and its own outward normal. nil when the point is on none.
---@param s collide2d.Shape
---@param x number
---@param y number
---@param nx? number
---@param ny? number
---@return "edge"|"vertex"|"arc"|nil kind
---@return integer index
---@return integer? piece
---@return number fnx
---@return number fny
function collide2d.featureAt(s, x, y, nx, ny) end

---The first time in [0, 1] at which `a` moving by (dx, dy) touches `b` moving by (bdx, bdy); nil when it does not.
---@param a collide2d.Shape
---@param dx number
---@param dy number
---@param b collide2d.Shape
---@param bdx? number
---@param bdy? number
---@return number? t
---@return number nx
---@return number ny
---@return number px
---@return number py
function collide2d.sweep(a, dx, dy, b, bdx, bdy) end

---Options of a turning sweep.
---@class collide2d.TurningOptions
---@field apivot? number[] `{x, y}`: what `a` turns about (default: as `rotate`, its centre or a Fan's apex)
---@field bpivot? number[] `{x, y}`: what `b` turns about
---@field tolerance? number the distance within which they count as touching (default 1e-9 of the smaller shape's size)

---The first time in [0, 1] at which `a`, turning by dangle as it moves by (dx, dy), touches `b` (turning and moving too); nil when it does not. Never later than the first touch.
---@param a collide2d.Shape
---@param dx number
---@param dy number
---@param dangle number
---@param b collide2d.Shape
---@param bdx? number
---@param bdy? number
---@param bdangle? number
---@param options? collide2d.TurningOptions
---@return number? t
---@return number nx
---@return number ny
---@return number px
---@return number py
---@overload fun(a: collide2d.Shape, dx: number, dy: number, dangle: number, b: collide2d.Shape, options: collide2d.TurningOptions): number?, number, number, number, number
function collide2d.sweepTurning(a, dx, dy, dangle, b, bdx, bdy, bdangle, options) end

---The first hit of the ray (x + t*dx, y + t*dy), t in [0, maxt], and the surface normal there; nil on a miss.
---@param s collide2d.Shape
---@param x number
---@param y number
---@param dx number
---@param dy number
---@param maxt? number default 1
---@return number? t
---@return number nx
---@return number ny
function collide2d.raycast(s, x, y, dx, dy, maxt) end

---The bounding box (a Line raises: it is unbounded).
---@param s collide2d.Shape
---@return number minx
---@return number miny
---@return number maxx
---@return number maxy
function collide2d.bbox(s) end

---The centroid of the shape's point set.
---@param s collide2d.Shape
---@return number cx
---@return number cy
function collide2d.center(s) end

---The area (a Line or a tile layer raises).
---@param s collide2d.Shape
---@return number
function collide2d.area(s) end

---The length of the outline (a Segment's: there and back).
---@param s collide2d.Shape
---@return number
function collide2d.perimeter(s) end

---The centre of the area (where it is 0: as center).
---@param s collide2d.Shape
---@return number cx
---@return number cy
function collide2d.centroid(s) end

---The rotational inertia about the centroid: the second moment of area times density (default 1).
---@param s collide2d.Shape
---@param density? number
---@return number
function collide2d.inertia(s, density) end

---The shape's position (what `moveTo` places).
---@param s collide2d.Shape
---@return number x
---@return number y
function collide2d.position(s) end

---The constructor's numbers, in order (a Group: copies of its members).
---@param s collide2d.Shape
---@return number|collide2d.Shape ...
function collide2d.unpack(s) end

---The shape as a plain table: its constructor's name, then its numbers (a Group: its members' tables).
---@param s collide2d.Shape
---@return table
function collide2d.serialize(s) end

---The shape a `serialize` table describes, built by its constructor: the same shape bit for bit.
---@param t table
---@return collide2d.Shape
function collide2d.deserialize(t) end

---A Concave's convex pieces, a Group's members, a layer's solid pieces, or a copy of any other shape.
---@param s collide2d.Shape
---@param x? number a tile layer only: the box its pieces must meet
---@param y? number
---@param w? number
---@param h? number
---@return collide2d.Shape[] pieces
function collide2d.pieces(s, x, y, w, h) end

---Translates the shape in place.
---@generic S: collide2d.Shape
---@param s S
---@param dx number
---@param dy number
---@return S s
function collide2d.move(s, dx, dy) end

---Translates the shape so that its position is exactly (x, y).
---@generic S: collide2d.Shape
---@param s S
---@param x number
---@param y number
---@return S s
function collide2d.moveTo(s, x, y) end

---Rotates the shape about (ox, oy), default its centre (a Fan: its apex).
---@generic S: collide2d.Shape
---@param s S
---@param angle number radians
---@param ox? number
---@param oy? number
---@return S s
function collide2d.rotate(s, angle, ox, oy) end

---Scales the shape by k >= 0 about (ox, oy), default the same pivot as rotate.
---@generic S: collide2d.Shape
---@param s S
---@param k number
---@param ox? number
---@param oy? number
---@return S s
function collide2d.scale(s, k, ox, oy) end

---Replaces the constructor's numbers in place (a layer: one tile's code).
---@generic S: collide2d.Shape
---@param s S
---@param ... any the constructor's arguments (a layer: column, row, code)
---@return S s
function collide2d.set(s, ...) end

---A new, independent copy of the shape (user data not copied).
---@generic S: collide2d.Shape
---@param s S
---@return S copy
function collide2d.clone(s) end

---Carries any Lua value with the shape (nil clears it).
---@generic S: collide2d.Shape
---@param s S
---@param v any
---@return S s
function collide2d.setUserData(s, v) end

---The value set with `setUserData`.
---@param s collide2d.Shape
---@return any v
function collide2d.getUserData(s) end

---A flat point list `{x1, y1, x2, y2, ...}` for love.graphics (a Group: one list per member).
---@param s collide2d.Shape
---@param segments? integer points round a disk, in [3, 4096] (default 32)
---@return number[]|number[][] points
function collide2d.outline(s, segments) end

---A tile layer's code at (column, row), from 1; nil outside the layer.
---@param layer collide2d.TileLayer
---@param c integer
---@param r integer
---@return integer? code
function collide2d.get(layer, c, r) end

---The tiles of a layer whose pieces hit `shape` (touching counts), row by row, as `{c1, r1, c2, r2, ...}`.
---@param layer collide2d.TileLayer
---@param shape collide2d.Shape
---@param out? integer[] a table to reuse (what it held past the pairs is cleared)
---@return integer[] cells
---@return integer n how many tiles
function collide2d.tilesHit(layer, shape, out) end

-- ---------------------------------------------------------------------------
-- Shape
-- ---------------------------------------------------------------------------

---A collide2d shape (a full userdata). `tostring` gives `Kind(n1, n2, ...)`; `==` compares kind and numbers.
---A contact point of a manifold.
---@class collide2d.ManifoldPoint
---@field x number
---@field y number
---@field separation number along the normal; negative where the shapes overlap
---@field id integer the touching features (the same while they keep touching)

---Where two shapes (or two of their pieces) touch: `m[1]` and `m[2]` (`#m` is 1 or 2) are its points.
---@class collide2d.Manifold
---@field nx number the normal, from b toward a
---@field ny number
---@field pieceA? integer the piece of a (Concave piece, Group member, layer tile), nil for a plain shape
---@field pieceB? integer
---@field [integer] collide2d.ManifoldPoint

---@class collide2d.Shape
local Shape = {}

---True when the two closed shapes share a point (touching counts).
---@param other collide2d.Shape
---@return boolean hit
function Shape:hits(other) end

---The least distance to `other` and a closest point on each (overlapping: 0 and a shared point).
---@param other collide2d.Shape
---@return number d
---@return number ax
---@return number ay
---@return number bx
---@return number by
function Shape:distance(other) end

---True when the point is in the shape (boundary included).
---@param x number
---@param y number
---@return boolean inside
function Shape:contains(x, y) end

---True when this shape holds every point of `other`.
---@param other collide2d.Shape
---@return boolean covered
function Shape:covers(other) end

---The least move that separates this shape from `other` (moving by nx*depth, ny*depth leaves them touching); nil when apart.
---@param other collide2d.Shape
---@return number? nx
---@return number ny
---@return number depth
---@return number px
---@return number py
function Shape:contact(other) end

---Contact manifolds with `other` (those within `margin`, default 0), nil when none; `into` is a list to reuse.
---@param other collide2d.Shape
---@param margin? number
---@param into? collide2d.Manifold[]
---@return collide2d.Manifold[]?
function Shape:manifold(other, margin, into) end

---The common part of this convex shape and `other` as a Polygon (a hull of 1 or 2 points where they only touch); nil when they do not meet. Round shapes are read as their outline with `segments` points (default 32).
---@param other collide2d.Shape
---@param segments? integer
---@return collide2d.Shape?
function Shape:intersection(other, segments) end

---Triangles covering the shape: {x1, y1, x2, y2, x3, y3, ...}, six numbers per triangle; round shapes by their outline with `segments` points (default 32).
---@param segments? integer
---@return number[]
function Shape:triangles(segments) end

---How far back along its move (dx, dy) this shape, left overlapping `other`, must go: moving by -k*(dx, dy) leaves them touching. nil when they do not overlap.
---@param dx number
---@param dy number
---@param other collide2d.Shape
---@return number? k
---@return number nx
---@return number ny
---@return number px
---@return number py
function Shape:pushBack(dx, dy, other) end

---Which feature the boundary point (x, y) lies on: "edge", "vertex" or "arc", its index, its piece (Group member or tile; nil otherwise) and its own outward normal; (nx, ny) picks among features the point is on. nil when the point is on none.
---@param x number
---@param y number
---@param nx? number
---@param ny? number
---@return "edge"|"vertex"|"arc"|nil kind
---@return integer index
---@return integer? piece
---@return number fnx
---@return number fny
function Shape:featureAt(x, y, nx, ny) end

---The first time t in [0, 1] at which this shape moving by (dx, dy) touches `other` moving by (bdx, bdy); nil when it does not.
---@param dx number
---@param dy number
---@param other collide2d.Shape
---@param bdx? number default 0
---@param bdy? number default 0
---@return number? t
---@return number nx
---@return number ny
---@return number px
---@return number py
function Shape:sweep(dx, dy, other, bdx, bdy) end

---The first time t in [0, 1] at which this shape, turning by dangle about its pivot as it moves by (dx, dy), touches `other` (turning by bdangle as it moves by (bdx, bdy)); nil when it does not. Never later than the first touch, and within the tolerance of it.
---@param dx number
---@param dy number
---@param dangle number radians over the step
---@param other collide2d.Shape
---@param bdx? number default 0
---@param bdy? number default 0
---@param bdangle? number default 0
---@param options? collide2d.TurningOptions
---@return number? t
---@return number nx
---@return number ny
---@return number px
---@return number py
---@overload fun(self: collide2d.Shape, dx: number, dy: number, dangle: number, other: collide2d.Shape, options: collide2d.TurningOptions): number?, number, number, number, number
function Shape:sweepTurning(dx, dy, dangle, other, bdx, bdy, bdangle, options) end

---The first hit of the ray (x + t*dx, y + t*dy), t in [0, maxt], and the outward normal there; nil on a miss.
---@param x number
---@param y number
---@param dx number
---@param dy number
---@param maxt? number default 1
---@return number? t
---@return number nx
---@return number ny
function Shape:raycast(x, y, dx, dy, maxt) end

---The bounding box (a Line raises: it is unbounded).
---@return number minx
---@return number miny
---@return number maxx
---@return number maxy
function Shape:bbox() end

---The centroid of the point set (a Polygon: its area centroid).
---@return number cx
---@return number cy
function Shape:center() end

---The area (a Line or a tile layer raises).
---@return number
function Shape:area() end

---The length of the outline (a Segment's: there and back).
---@return number
function Shape:perimeter() end

---The centre of the area (where it is 0: as center).
---@return number cx
---@return number cy
function Shape:centroid() end

---The rotational inertia about the centroid: the second moment of area times density (default 1).
---@param density? number
---@return number
function Shape:inertia(density) end

---The shape's position: the first point, the centre, the min corner... as its constructor says.
---@return number x
---@return number y
function Shape:position() end

---The constructor's numbers, in order (Polygon, Concave: vertices; Group: copies of its members; layer: x, y, tileW, tileH, columns, rows).
---@return number|collide2d.Shape ...
function Shape:unpack() end

---The shape as a plain table (for love.thread channels and save files): its constructor's name, then its numbers (a Group: its members' tables); `collide2d.deserialize` builds it again.
---@return table
function Shape:serialize() end

---A Concave's convex pieces, a Group's members (copies), or `{self:clone()}`.
---@return collide2d.Shape[] pieces
function Shape:pieces() end

---The kind's name.
---@return collide2d.KindName kind
function Shape:type() end

---Translates the shape in place.
---@param dx number
---@param dy number
---@return self
function Shape:move(dx, dy) end

---Translates the shape so that `position()` is exactly (x, y).
---@param x number
---@param y number
---@return self
function Shape:moveTo(x, y) end

---Rotates about (ox, oy), default the centre (a Fan: its apex); an AABB or a tile layer raises.
---@param angle number radians
---@param ox? number
---@param oy? number
---@return self
function Shape:rotate(angle, ox, oy) end

---Scales uniformly by k >= 0 about (ox, oy), default the same pivot as rotate.
---@param k number
---@param ox? number
---@param oy? number
---@return self
function Shape:scale(k, ox, oy) end

---Replaces the constructor's numbers in place, with the constructor's checks.
---@param ... number the constructor's numbers
---@return self
---@overload fun(self: collide2d.Shape, coords: number[]): collide2d.Shape
---@overload fun(self: collide2d.Shape, points: { x: number, y: number }[]): collide2d.Shape
---@overload fun(self: collide2d.Shape, ...: collide2d.Shape): collide2d.Shape
---@overload fun(self: collide2d.Shape, members: collide2d.Shape[]): collide2d.Shape
function Shape:set(...) end

---A new, independent shape in no world (the user data is not copied).
---@return self copy
function Shape:clone() end

---Carries any Lua value with the shape (nil clears it).
---@param v any
---@return self
function Shape:setUserData(v) end

---The value set with `setUserData`, or nil.
---@return any v
function Shape:getUserData() end

---A flat array `{x1, y1, x2, y2, ...}` for love.graphics.polygon/line (a Group: one array per member).
---@param segments? integer points round a disk, in [3, 4096] (default 32)
---@return number[]|number[][] points
function Shape:outline(segments) end

-- ---------------------------------------------------------------------------
-- Tile layers (collide2d.tiles): a Shape with tile methods
-- ---------------------------------------------------------------------------

---A tile layer: one shape, the seamless union of its tiles' pieces.
---@class collide2d.TileLayer: collide2d.Shape
local TileLayer = {}

---The tile's code at column c, row r (from 1), or nil outside the layer.
---@param c integer
---@param r integer
---@return integer? code
function TileLayer:get(c, r) end

---Changes one tile's code in place (digging, breaking blocks).
---@param c integer
---@param r integer
---@param code collide2d.TileCode
---@return self
function TileLayer:set(c, r, code) end

---One shape per solid tile meeting the box (default: every solid tile), row by row.
---@param x? number
---@param y? number
---@param w? number
---@param h? number
---@return collide2d.Shape[] pieces
function TileLayer:pieces(x, y, w, h) end

---The tiles whose pieces hit `shape` (touching counts), row by row, as `{c1, r1, c2, r2, ...}`.
---@param shape collide2d.Shape
---@param out? integer[] a table to reuse (no garbage per frame; what it held past the pairs is cleared)
---@return integer[] cells
---@return integer n how many tiles
function TileLayer:tilesHit(shape, out) end

---x, y, tileW, tileH, columns, rows.
---@return number x
---@return number y
---@return number tileW
---@return number tileH
---@return integer columns
---@return integer rows
function TileLayer:unpack() end

-- ---------------------------------------------------------------------------
-- World (collide2d.world)
-- ---------------------------------------------------------------------------

---Many shapes with a broadphase; the shapes themselves are the items.
---@class collide2d.World
local World = {}

---Adds a shape (in at most one world), with optional collision bits.
---@generic S: collide2d.Shape
---@param shape S
---@param category? integer default 1
---@param mask? integer default all 32 bits
---@return S shape
function World:add(shape, category, mask) end

---The World as a table for save games and rollback: cellSize, then { shape = serialize table (a tile layer: a clone), category, mask, sensor, oneway } per shape in the order added; `collide2d.world(snapshot)` builds it again.
---@return table
function World:snapshot() end

---Removes a shape from the world.
---@generic S: collide2d.Shape
---@param shape S
---@return S shape
function World:remove(shape) end

---True when the shape is in this world.
---@param shape collide2d.Shape
---@return boolean member
function World:has(shape) end

---How many shapes the world holds.
---@return integer n
function World:count() end

---Every shape, in the order added.
---@return collide2d.Shape[] shapes
function World:shapes() end

---Sets a shape's collision bits (a and b interact when each one's category meets the other's mask).
---@generic S: collide2d.Shape
---@param shape S
---@param category integer
---@param mask? integer default all 32 bits
---@return S shape
function World:setFilter(shape, category, mask) end

---A shape's collision bits.
---@param shape collide2d.Shape
---@return integer category
---@return integer mask
function World:getFilter(shape) end

---The shapes that hit `shape` (itself left out).
---@param shape collide2d.Shape
---@param filter? collide2d.QueryFilter
---@return collide2d.Shape[] shapes
function World:query(shape, filter) end

---The shapes that hold the point.
---@param x number
---@param y number
---@param filter? collide2d.QueryFilter
---@return collide2d.Shape[] shapes
function World:queryPoint(x, y, filter) end

---The shapes that meet the rectangle.
---@param x number
---@param y number
---@param width number
---@param height number
---@param filter? collide2d.QueryFilter
---@return collide2d.Shape[] shapes
function World:queryRect(x, y, width, height, filter) end

---The shapes the segment meets, nearest to (x1, y1) first.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param filter? collide2d.QueryFilter
---@return collide2d.Shape[] shapes
function World:querySegment(x1, y1, x2, y2, filter) end

---The first shape along (x + t*dx, y + t*dy), t in [0, maxt], with t and the normal there; nil on a miss.
---@param x number
---@param y number
---@param dx number
---@param dy number
---@param maxt? number default 1
---@param filter? collide2d.QueryFilter
---@return collide2d.Shape? shape
---@return number t
---@return number nx
---@return number ny
function World:raycast(x, y, dx, dy, maxt, filter) end

---Many rays in one call, each as `raycast`: `rays` flat `{x1, y1, dx1, dy1, ...}`; `out` gets four entries a ray (`shape, t, nx, ny`, or four `false`).
---@param rays number[]
---@param maxt? number default 1
---@param filter? collide2d.QueryFilter
---@param out? (collide2d.Shape|number|false)[]
---@return (collide2d.Shape|number|false)[] out
---@return integer hits the rays that met a shape
function World:raycastMany(rays, maxt, filter, out) end

---What `shape` touches as it moves by (dx, dy) and turns by dangle (the other shapes still), earliest first, and when.
---@param shape collide2d.Shape
---@param dx number
---@param dy number
---@param dangle number radians over the step
---@param filter? collide2d.QueryFilter which shapes count (as for query)
---@param options? { pivot?: number[], tolerance?: number } the pivot `{x, y}` (default: as rotate's), the tolerance
---@return collide2d.Shape[] shapes
---@return number[] times each one's first t
function World:sweepTurning(shape, dx, dy, dangle, filter, options) end

---Line of sight: does a segment from the eye (a point: a Point shape, or x, y; or any point of another shape) reach some point of b before any other shape (the filter picks the blockers)?
---@overload fun(self: collide2d.World, x: number, y: number, b: collide2d.Shape, filter?: collide2d.QueryFilter): boolean, number|collide2d.Shape?, number?, number?, number?
---@param eye collide2d.Shape a Point, or a shape any point of which may see
---@param b collide2d.Shape
---@param filter? collide2d.QueryFilter which shapes block (as for query)
---@return boolean seen
---@return number|collide2d.Shape? px_or_blocker the x of a point of b seen, or the blocker nearest on the way to b's centre
---@return number? py
---@return number? ex the x of the eye's point that sees it
---@return number? ey
function World:sees(eye, b, filter) end

---The shapes within a view (a Fan from its apex, or a Disk from its centre) seen past the others, and a point seen of each.
---@param view collide2d.Shape a Fan or a Disk
---@param filter? collide2d.QueryFilter which shapes are looked at and block (as for query)
---@return collide2d.Shape[] shapes
---@return number[] points x1, y1, x2, y2, ...
function World:visible(view, filter) end

---The region (x, y) sees within radius past the other shapes: its outline (flat, counter-clockwise) and the same as a Concave (nil where it makes none).
---@param x number
---@param y number
---@param radius number
---@param filter? collide2d.QueryFilter which shapes block (as for query)
---@param tolerance? number how far a round part's chords may stray (default radius / 1000)
---@return number[] outline x1, y1, x2, y2, ...
---@return collide2d.Shape? area a Concave
function World:visibility(x, y, radius, filter, tolerance) end

---A navigation mesh over this World for a disk agent of `radius` (as `collide2d.navmesh(world, ...)`).
---@param radius number the agent's radius, >= 0
---@param filter? collide2d.QueryFilter which shapes block
---@param tolerance? number how far the arcs round corners may be taken as polygons
---@return collide2d.NavMesh nav
function World:navmesh(radius, filter, tolerance) end

---Every pair that hits, once, flat `{a1, b1, a2, b2, ...}` (into `out` when given: no garbage).
---@param out? collide2d.Shape[]
---@return collide2d.Shape[] list
---@return integer n pairs
function World:collisions(out) end

---Moves `shape` so that its position heads for the goal, answering what it meets.
---@param shape collide2d.Shape
---@param goalX number
---@param goalY number
---@param filter? collide2d.MoveFilter
---@return number x
---@return number y
---@return collide2d.Collision[] cols
---@return integer len
function World:move(shape, goalX, goalY, filter) end

---The answers of `move`, without moving.
---@param shape collide2d.Shape
---@param goalX number
---@param goalY number
---@param filter? collide2d.MoveFilter
---@return number x
---@return number y
---@return collide2d.Collision[] cols
---@return integer len
function World:check(shape, goalX, goalY, filter) end

---Moves `shape` out of what it overlaps, the deepest overlap first, until it is clear.
---@param shape collide2d.Shape
---@param filter? fun(shape: collide2d.Shape, other: collide2d.Shape): any truthy to be pushed out of `other`
---@return number x
---@return number y
---@return collide2d.PushCollision[] cols
---@return integer len
function World:push(shape, filter) end

---Registers a response of your own for `move` by name (a built-in name replaces it).
---@param name string
---@param fn collide2d.Response
function World:addResponse(name, fn) end

---The goal the built-in slide would give at collision `col`, for a response of your own.
---@param col collide2d.Collision
---@param goalX number
---@param goalY number
---@return number goalX
---@return number goalY
function World:slide(col, goalX, goalY) end

---The goal the built-in bounce would give at collision `col`, for a response of your own.
---@param col collide2d.Collision
---@param goalX number
---@param goalY number
---@return number goalX
---@return number goalY
function World:bounce(col, goalX, goalY) end

---Makes a shape a sensor (found by queries and events, met by no move), or not.
---@generic S: collide2d.Shape
---@param shape S
---@param on? boolean default true
---@return S shape
function World:setSensor(shape, on) end

---True when the shape is a sensor.
---@param shape collide2d.Shape
---@return boolean sensor
function World:isSensor(shape) end

---Makes a shape solid only on the side (nx, ny) points to (default (0, -1), the top); `false` makes it solid all round.
---@generic S: collide2d.Shape
---@param shape S
---@param nx? number|false
---@param ny? number
---@return S shape
function World:setOneWay(shape, nx, ny) end

---The solid side of a one-way shape, or nil when it is solid all round.
---@param shape collide2d.Shape
---@return number? nx
---@return number ny
function World:getOneWay(shape) end

---The pairs that began and ended touching since the last call, flat (into the tables given: no garbage).
---@param began? collide2d.Shape[]
---@param ended? collide2d.Shape[]
---@return collide2d.Shape[] began
---@return integer nbegan
---@return collide2d.Shape[] ended
---@return integer nended
function World:events(began, ended) end

-- ---------------------------------------------------------------------------
-- Controller (collide2d.controller)
-- ---------------------------------------------------------------------------

---Moves a shape as a platformer character: walks slopes, snaps, steps, rides platforms.
---@class collide2d.Controller
local Controller = {}

---Moves by (dx, dy), gravity included; `drop` goes through one-way platforms. Answers as `World:move`.
---@param dx number
---@param dy number
---@param filter? collide2d.MoveFilter
---@param drop? boolean
---@return number x
---@return number y
---@return collide2d.Collision[] cols
---@return integer len
function Controller:move(dx, dy, filter, drop) end

---Changes the options given.
---@param options collide2d.ControllerOptions
---@return self
function Controller:set(options) end

---True when the last move ended on ground.
---@return boolean grounded
function Controller:isGrounded() end

---The ground the last move ended on and its normal, or nil.
---@return collide2d.Shape? shape
---@return number nx
---@return number ny
function Controller:ground() end

---The normal of a wall the last move met, or nil.
---@return number? nx
---@return number ny
function Controller:wall() end

---The normal of a ceiling the last move met, or nil.
---@return number? nx
---@return number ny
function Controller:ceiling() end

---The shape it moves.
---@return collide2d.Shape shape
function Controller:shape() end

---The world it moves in.
---@return collide2d.World world
function Controller:world() end

-- ---------------------------------------------------------------------------
-- require "collide2d.bump": bump.lua 3.1.7's API over collide2d's C grid
-- ---------------------------------------------------------------------------

---An axis-aligned rectangle `{x =, y =, w =, h =}`.
---@class collide2d.bump.Rect
---@field x number
---@field y number
---@field w number
---@field h number

---A point or vector `{x =, y =}`.
---@class collide2d.bump.Point
---@field x number
---@field y number

---A collision of `World:check`, `World:move` and `World:project`, as bump.lua gives it.
---@class collide2d.bump.Collision
---@field item any the item moved
---@field other any the item met
---@field type string the response given
---@field overlaps boolean true when they overlapped at the start
---@field ti number the fraction of the motion at the touch
---@field move collide2d.bump.Point the motion tried
---@field normal collide2d.bump.Point the side met (-1, 0 or 1 on each axis)
---@field touch collide2d.bump.Point where the item touches
---@field itemRect collide2d.bump.Rect
---@field otherRect collide2d.bump.Rect
---@field slide? collide2d.bump.Point where a slide heads
---@field bounce? collide2d.bump.Point where a bounce heads

---What `querySegmentWithCoords` gives per item.
---@class collide2d.bump.SegmentInfo
---@field item any
---@field ti1 number where the segment enters the item (fraction)
---@field ti2 number where it leaves
---@field x1 number
---@field y1 number
---@field x2 number
---@field y2 number

---A response: from the collision chosen and the item's rect at the start, the new goal and the collisions on the way.
---@alias collide2d.bump.Response fun(world: collide2d.bump.World, col: collide2d.bump.Collision, x: number, y: number, w: number, h: number, goalX: number, goalY: number, filter?: collide2d.bump.Filter): number, number, collide2d.bump.Collision[], integer

---A move's filter: the response name for `other`, or falsy to ignore it.
---@alias collide2d.bump.Filter fun(item: any, other: any): string|false|nil

---The module: a drop-in for bump.lua 3.1.7.
---@class collide2d.bump
---@field _VERSION string "bump v3.1.7"
---@field _DESCRIPTION string
---@field rect collide2d.bump.rect
---@field responses collide2d.bump.responses
local bump = {}

---A new world of rectangles.
---@param cellSize? number default 64
---@return collide2d.bump.World world
function bump.newWorld(cellSize) end

---bump.lua's rectangle functions (bump.rect).
---@class collide2d.bump.rect
local BumpRect = {}

---The corner of the rect nearest to (px, py).
---@param x number
---@param y number
---@param w number
---@param h number
---@param px number
---@param py number
---@return number cx
---@return number cy
function BumpRect.getNearestCorner(x, y, w, h, px, py) end

---Where the segment enters and leaves the rect, and the normals of those sides; nil when it misses.
---@param x number
---@param y number
---@param w number
---@param h number
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param ti1? number default 0
---@param ti2? number default 1
---@return number? ti1
---@return number ti2
---@return number nx1
---@return number ny1
---@return number nx2
---@return number ny2
function BumpRect.getSegmentIntersectionIndices(x, y, w, h, x1, y1, x2, y2, ti1, ti2) end

---The Minkowski difference of two rects, itself a rect.
---@param x1 number
---@param y1 number
---@param w1 number
---@param h1 number
---@param x2 number
---@param y2 number
---@param w2 number
---@param h2 number
---@return number x
---@return number y
---@return number w
---@return number h
function BumpRect.getDiff(x1, y1, w1, h1, x2, y2, w2, h2) end

---True when the point is strictly inside the rect.
---@param x number
---@param y number
---@param w number
---@param h number
---@param px number
---@param py number
---@return boolean inside
function BumpRect.containsPoint(x, y, w, h, px, py) end

---True when the two rects overlap.
---@param x1 number
---@param y1 number
---@param w1 number
---@param h1 number
---@param x2 number
---@param y2 number
---@param w2 number
---@param h2 number
---@return boolean overlapping
function BumpRect.isIntersecting(x1, y1, w1, h1, x2, y2, w2, h2) end

---The squared distance between the two rects' centres.
---@param x1 number
---@param y1 number
---@param w1 number
---@param h1 number
---@param x2 number
---@param y2 number
---@param w2 number
---@param h2 number
---@return number d2
function BumpRect.getSquareDistance(x1, y1, w1, h1, x2, y2, w2, h2) end

---The collision of rect 1 moving to (goalX, goalY) with rect 2, or nil.
---@param x1 number
---@param y1 number
---@param w1 number
---@param h1 number
---@param x2 number
---@param y2 number
---@param w2 number
---@param h2 number
---@param goalX? number
---@param goalY? number
---@return collide2d.bump.Collision? col
function BumpRect.detectCollision(x1, y1, w1, h1, x2, y2, w2, h2, goalX, goalY) end

---bump.lua's built-in responses (bump.responses).
---@class collide2d.bump.responses
local BumpResponses = {}

---Stops at the touch.
---@param world collide2d.bump.World
---@param col collide2d.bump.Collision
---@return number goalX
---@return number goalY
---@return collide2d.bump.Collision[] cols
---@return integer len
function BumpResponses.touch(world, col) end

---Goes on through (the collision is still reported).
---@param world collide2d.bump.World
---@param col collide2d.bump.Collision
---@param x number
---@param y number
---@param w number
---@param h number
---@param goalX number
---@param goalY number
---@param filter? collide2d.bump.Filter
---@return number goalX
---@return number goalY
---@return collide2d.bump.Collision[] cols
---@return integer len
function BumpResponses.cross(world, col, x, y, w, h, goalX, goalY, filter) end

---Stops at the touch and keeps the motion along the side met.
---@param world collide2d.bump.World
---@param col collide2d.bump.Collision
---@param x number
---@param y number
---@param w number
---@param h number
---@param goalX number
---@param goalY number
---@param filter? collide2d.bump.Filter
---@return number goalX
---@return number goalY
---@return collide2d.bump.Collision[] cols
---@return integer len
function BumpResponses.slide(world, col, x, y, w, h, goalX, goalY, filter) end

---Mirrors the rest of the motion in the side met.
---@param world collide2d.bump.World
---@param col collide2d.bump.Collision
---@param x number
---@param y number
---@param w number
---@param h number
---@param goalX number
---@param goalY number
---@param filter? collide2d.bump.Filter
---@return number goalX
---@return number goalY
---@return collide2d.bump.Collision[] cols
---@return integer len
function BumpResponses.bounce(world, col, x, y, w, h, goalX, goalY, filter) end

---A bump world: a plain table with methods; items are any value but nil and NaN.
---@class collide2d.bump.World
---@field cellSize number the grid's cell size
---@field responses table<string, collide2d.bump.Response> the responses by name
local BumpWorld = {}

---Adds an item with its rect.
---@generic T
---@param item T
---@param x number
---@param y number
---@param w number
---@param h number
---@return T item
function BumpWorld:add(item, x, y, w, h) end

---Removes an item.
---@param item any
function BumpWorld:remove(item) end

---Moves or resizes an item's rect, without collisions.
---@param item any
---@param x number
---@param y number
---@param w? number
---@param h? number
function BumpWorld:update(item, x, y, w, h) end

---An item's rect.
---@param item any
---@return number x
---@return number y
---@return number w
---@return number h
function BumpWorld:getRect(item) end

---True when the item is in the world.
---@param item any
---@return boolean member
function BumpWorld:hasItem(item) end

---Every item.
---@return any[] items
---@return integer len
function BumpWorld:getItems() end

---How many items the world holds.
---@return integer n
function BumpWorld:countItems() end

---How many grid cells hold items.
---@return integer n
function BumpWorld:countCells() end

---The world position of a cell's top-left corner (cells from 1).
---@param cx integer
---@param cy integer
---@return number x
---@return number y
function BumpWorld:toWorld(cx, cy) end

---The cell holding a world position (cells from 1).
---@param x number
---@param y number
---@return integer cx
---@return integer cy
function BumpWorld:toCell(x, y) end

---The items in a rectangle of cells, as a set.
---@param cl integer
---@param ct integer
---@param cw integer
---@param ch integer
---@return table<any, boolean> items
function BumpWorld:getDictItemsInCellRect(cl, ct, cw, ch) end

---The items whose rects meet the rectangle.
---@param x number
---@param y number
---@param w number
---@param h number
---@param filter? fun(item: any): any
---@return any[] items
---@return integer len
function BumpWorld:queryRect(x, y, w, h, filter) end

---The items whose rects hold the point.
---@param x number
---@param y number
---@param filter? fun(item: any): any
---@return any[] items
---@return integer len
function BumpWorld:queryPoint(x, y, filter) end

---The items the segment meets, nearest first.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param filter? fun(item: any): any
---@return any[] items
---@return integer len
function BumpWorld:querySegment(x1, y1, x2, y2, filter) end

---The items the segment meets with where it enters and leaves each, nearest first.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param filter? fun(item: any): any
---@return collide2d.bump.SegmentInfo[] infos
---@return integer len
function BumpWorld:querySegmentWithCoords(x1, y1, x2, y2, filter) end

---The collisions of a rect moving to the goal, in order, without moving anything.
---@param item any the item itself is left out (nil: none)
---@param x number
---@param y number
---@param w number
---@param h number
---@param goalX? number
---@param goalY? number
---@param filter? collide2d.bump.Filter
---@return collide2d.bump.Collision[] cols
---@return integer len
function BumpWorld:project(item, x, y, w, h, goalX, goalY, filter) end

---Where the item would end moving toward the goal, and what it would meet, without moving it.
---@param item any
---@param goalX number
---@param goalY number
---@param filter? collide2d.bump.Filter
---@return number actualX
---@return number actualY
---@return collide2d.bump.Collision[] cols
---@return integer len
function BumpWorld:check(item, goalX, goalY, filter) end

---Moves the item toward the goal, answering what it met.
---@param item any
---@param goalX number
---@param goalY number
---@param filter? collide2d.bump.Filter
---@return number actualX
---@return number actualY
---@return collide2d.bump.Collision[] cols
---@return integer len
function BumpWorld:move(item, goalX, goalY, filter) end

---Registers a response by name.
---@param name string
---@param response collide2d.bump.Response
function BumpWorld:addResponse(name, response) end

-- ---------------------------------------------------------------------------
-- require "collide2d.draw": debug drawing on love.graphics
-- ---------------------------------------------------------------------------

---"line" or "fill".
---@alias collide2d.draw.Mode "line"|"fill"

---A rectangle `{x, y, w, h}` that limits what is read and drawn.
---@alias collide2d.draw.Clip number[]

---One primitive of `draw.primitives`, as love.graphics would draw it.
---@class collide2d.draw.Primitive
---@field kind "circle"|"arc"|"polygon"|"line"|"point"
---@field mode? collide2d.draw.Mode circle, arc, polygon
---@field x? number circle, arc, point
---@field y? number circle, arc, point
---@field r? number circle, arc
---@field a1? number arc: the first angle
---@field a2? number arc: the last angle
---@field points? number[] polygon, line: flat x, y pairs

---Options of `draw.drawWorld`.
---@class collide2d.draw.WorldOptions
---@field mode? collide2d.draw.Mode default "line"
---@field color? fun(shape: collide2d.Shape): number?, number?, number?, number? r, g, b[, a] for the shape (nil: the current colour)

---Debug drawing of shapes, worlds, contacts, sweeps and rays; loads anywhere, draws only in LÖVE.
---@class collide2d.draw
local draw = {}

---Draws the shape: fans as pies, capsules with round ends, lines clipped to the screen.
---@param shape collide2d.Shape
---@param mode? collide2d.draw.Mode default "line"
function draw.draw(shape, mode) end

---Draws every shape of a world, in the order added.
---@param world collide2d.World
---@param opts? collide2d.draw.WorldOptions
function draw.drawWorld(world, opts) end

---Draws the contact point and the normal (as long as the depth, at least `scale`).
---@param a collide2d.Shape
---@param b collide2d.Shape
---@param scale? number default 20
function draw.contact(a, b, scale) end

---Draws each point of `a:manifold(b, margin)` (filled where they overlap, outlined where speculative) and the normal from it, `scale` long (default 20).
---@param a collide2d.Shape
---@param b collide2d.Shape
---@param margin? number
---@param scale? number
function draw.manifold(a, b, margin, scale) end

---Draws the path `a` sweeps, where it stops against `b` and the normal there.
---@param a collide2d.Shape
---@param dx number
---@param dy number
---@param b collide2d.Shape
---@return number? t
function draw.sweep(a, dx, dy, b) end

---The area a shape sweeps turning by dangle about (px, py) (default: as rotate's) while moving by (dx, dy), as "line" primitives: its outline at steps + 1 poses and the paths of outline points between them. Works without LÖVE.
---@param shape collide2d.Shape
---@param dx number
---@param dy number
---@param dangle number
---@param px? number
---@param py? number
---@param steps? integer default 8
---@return collide2d.draw.Primitive[] primitives
function draw.turningPrimitives(shape, dx, dy, dangle, px, py, steps) end

---Draws the area `a` sweeps turning as it moves, where it first touches `b` and the normal there.
---@param a collide2d.Shape
---@param dx number
---@param dy number
---@param dangle number
---@param b collide2d.Shape
---@param options? collide2d.TurningOptions
---@return number? t
function draw.sweepTurning(a, dx, dy, dangle, b, options) end

---Draws a ray up to its hit (or its whole length) and the normal there.
---@param x number
---@param y number
---@param dx number
---@param dy number
---@param t? number
---@param nx? number
---@param ny? number
function draw.ray(x, y, dx, dy, t, nx, ny) end

---No drawing: the primitives a shape would be drawn as, usable anywhere.
---@param shape collide2d.Shape
---@param mode? collide2d.draw.Mode default "line"
---@param clip? collide2d.draw.Clip default the screen (800 x 600 outside LÖVE)
---@return collide2d.draw.Primitive[] primitives
function draw.primitives(shape, mode, clip) end

---No drawing: a tile layer's primitives (line: its boundary; fill: its pieces), reading only the tiles in `clip`.
---@param layer collide2d.TileLayer
---@param mode? collide2d.draw.Mode default "line"
---@param clip? collide2d.draw.Clip default the whole layer
---@return collide2d.draw.Primitive[] primitives
function draw.tilePrimitives(layer, mode, clip) end

---No drawing: the part of the infinite line through two points inside the rectangle; nil when it misses.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param x number
---@param y number
---@param w number
---@param h number
---@return number? cx1
---@return number cy1
---@return number cx2
---@return number cy2
function draw.clipLine(x1, y1, x2, y2, x, y, w, h) end

-- ---------------------------------------------------------------------------
-- require "collide2d.tiled": shapes from a Tiled map
-- ---------------------------------------------------------------------------

---A Tiled map: its JSON export as text, or the table its Lua export (or a JSON library) gives.
---@alias collide2d.tiled.Map string|table

---Shapes from a map made in the Tiled editor.
---@class collide2d.tiled
local tiled = {}

---The map as a table (JSON text decoded, a table as it is).
---@param map collide2d.tiled.Map
---@return table map
function tiled.load(map) end

---The tile layer of that name (default the first) as a tile layer shape, its gids as codes.
---@param map collide2d.tiled.Map
---@param name? string
---@param kinds? collide2d.TileKinds default: each tile's collision shape from its tileset, else full
---@return collide2d.TileLayer layer
function tiled.layer(map, name, kinds) end

---The objects of an object layer (default the first) as shapes, each with its object as user data.
---@param map collide2d.tiled.Map
---@param name? string
---@return collide2d.Shape[] shapes
function tiled.objects(map, name) end


-- ---------------------------------------------------------------------------
-- require "collide2d.ldtk": shapes from an LDtk project
-- ---------------------------------------------------------------------------

---An LDtk project: its .ldtk file as JSON text, or the table a JSON library decodes it into.
---@alias collide2d.ldtk.Project string|table

---Which level: its identifier, its index (from 1), a level table (a separate level file, decoded), or nil for the first.
---@alias collide2d.ldtk.Level string|integer|table|nil

---Shapes from a project made in the LDtk editor, in world pixels.
---@class collide2d.ldtk
local ldtk = {}

---The project as a table (JSON text decoded, a table as it is).
---@param project collide2d.ldtk.Project
---@return table project
function ldtk.load(project) end

---A level's IntGrid layer (default the first) as one tile layer shape: cells of its grid size, its values as codes.
---@param project collide2d.ldtk.Project
---@param level? collide2d.ldtk.Level
---@param name? string the layer's identifier
---@param kinds? collide2d.TileKinds default: 0 empty, every other value full
---@return collide2d.TileLayer layer
function ldtk.layer(project, level, name, kinds) end

---A level's entities (of one Entities layer, or of all) as AABBs (Points when sizeless), each with its entity as user data.
---@param project collide2d.ldtk.Project
---@param level? collide2d.ldtk.Level
---@param name? string the Entities layer's identifier (nil: every Entities layer)
---@return collide2d.Shape[] shapes
function ldtk.entities(project, level, name) end


-- NavMesh (collide2d.navmesh) --------------------------------------------------

---A navigation mesh over a World: shortest paths for an agent; built again when the World changes.
---@class collide2d.NavMesh
local NavMesh = {}

---The shortest way from (x1, y1) to (x2, y2): flat `{x1, y1, ..., x2, y2}` (into `out` when given) and its length; nil when there is none.
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param out? number[]
---@return number[]? points
---@return number? length
function NavMesh:path(x1, y1, x2, y2, out) end

---The corners a path may turn at, flat `{x1, y1, ...}` (for drawing).
---@return number[] points
function NavMesh:nodes() end

---The agent's radius.
---@return number radius
function NavMesh:radius() end

---The World it navigates.
---@return collide2d.World world
function NavMesh:world() end

return collide2d
