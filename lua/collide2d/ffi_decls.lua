-- Written by tools/ffi_decls.lua from src/collide2d.h and src/lua_ffi.h: do not edit.
return [[
typedef struct c2dffi_shape c2dffi_shape;
typedef struct c2dffi_vec { double x, y; } c2dffi_vec;
typedef struct c2dffi_bounds { double minx, miny, maxx, maxy; } c2dffi_bounds;
typedef struct c2dffi_contact_result { int hit; double depth; c2dffi_vec normal; c2dffi_vec point; } c2dffi_contact_result;
typedef struct c2dffi_sweep_result { int hit; double t; c2dffi_vec normal; c2dffi_vec point; } c2dffi_sweep_result;
typedef struct c2dffi_distance_result { double distance; c2dffi_vec a, b; } c2dffi_distance_result;
typedef struct c2dffi_manifold_point { c2dffi_vec point; double separation; unsigned id; } c2dffi_manifold_point;
typedef struct c2dffi_manifold { c2dffi_vec normal; int count; int piece_a, piece_b; c2dffi_manifold_point points[2]; } c2dffi_manifold;
typedef struct c2dffi_api { int (*hits)(const c2dffi_shape *a, const c2dffi_shape *b); int (*distance)(const c2dffi_shape *a, const c2dffi_shape *b, c2dffi_distance_result *out); int (*contains)(const c2dffi_shape *s, double x, double y); int (*contact)(const c2dffi_shape *a, const c2dffi_shape *b, c2dffi_contact_result *out); int (*sweep)(const c2dffi_shape *a, double dx, double dy, const c2dffi_shape *b, double bdx, double bdy, c2dffi_sweep_result *out); int (*raycast)(const c2dffi_shape *s, double x, double y, double dx, double dy, double maxt, c2dffi_sweep_result *out); int (*bbox)(const c2dffi_shape *s, c2dffi_bounds *out); int (*center)(const c2dffi_shape *s, c2dffi_vec *out); int (*position)(const c2dffi_shape *s, c2dffi_vec *out); int (*move)(c2dffi_shape *s, double dx, double dy); int (*move_to)(c2dffi_shape *s, double x, double y); int (*rotate)(c2dffi_shape *s, double angle, int has_ox, double ox, int has_oy, double oy); int (*scale)(c2dffi_shape *s, double k, int has_ox, double ox, int has_oy, double oy); int (*manifold)(const c2dffi_shape *a, const c2dffi_shape *b, double margin, c2dffi_manifold *out, int max, int *count); int (*push_back)(const c2dffi_shape *a, double dx, double dy, const c2dffi_shape *b, c2dffi_sweep_result *out); } c2dffi_api;
]]
