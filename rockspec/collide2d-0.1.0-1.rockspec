-- luarocks install collide2d-0.1.0-1.src.rock   (the release: make rock builds it)
-- Written by make rockspec (tools/rockspec.lua) from collide2d-scm-1.rockspec
-- and the Makefile's C sources: edit those, not this file.
rockspec_format = "3.0"
package = "collide2d"
version = "0.1.0-1"

source = {
   -- the archive make rock builds (git archive of the release commit), by its
   -- file name: the .src.rock holds it beside this file
   url = "collide2d-0.1.0.tar.gz",
   dir = "collide2d-0.1.0",
}

description = {
   summary = "Exact 2D collision queries for Lua and LÖVE, in C",
   detailed = [[
Points, segments, lines, disks, AABBs, rotated boxes, triangles, convex
polygons, capsules, fans (fields of view), concave polygons and groups: hits,
distance with closest points, covers, contact, sweep and raycast, and shapes
that move, turn and scale in place, computed in C doubles; a World with a C
broadphase, queries and bump.lua-style movement; collide2d.bump, bump.lua's
API on a C grid; and, under LuaJIT, the per-frame calls through the FFI.
]],
   license = "MIT",
}

dependencies = {
   "lua >= 5.1",
}

build = {
   type = "builtin",
   modules = {
      collide2d = {
         sources = {
            "src/shape.c",
            "src/hull.c",
            "src/sort.c",
            "src/exact.c",
            "src/trig.c",
            "src/body.c",
            "src/decompose.c",
            "src/compound_shape.c",
            "src/tile_shape.c",
            "src/compound_query.c",
            "src/compound_contact.c",
            "src/compound_regions.c",
            "src/covers.c",
            "src/turning.c",
            "src/turning_steps.c",
            "src/turning_pieces.c",
            "src/mass.c",
            "src/manifold.c",
            "src/clip.c",
            "src/push_back.c",
            "src/feature.c",
            "src/gjk.c",
            "src/features.c",
            "src/overlap.c",
            "src/query.c",
            "src/contact.c",
            "src/first_touch.c",
            "src/sweep.c",
            "src/raycast.c",
            "src/dispatch.c",
            "src/tiles.c",
            "src/flat.c",
            "src/transform.c",
            "src/world.c",
            "src/world_query.c",
            "src/world_pairs.c",
            "src/world_move.c",
            "src/sight.c",
            "src/visibility.c",
            "src/sight_from.c",
            "src/navmesh.c",
            "src/navmesh_path.c",
            "src/controller.c",
            "src/bump.c",
            "src/bump_rect.c",
            "src/lua_collide2d.c",
            "src/lua_tiles.c",
            "src/lua_world.c",
            "src/lua_bump.c",
         },
         incdirs = { "src" },
         libraries = { "m" },
      },
      ["collide2d.bump"] = "lua/collide2d/bump.lua",
      ["collide2d.draw"] = "lua/collide2d/draw.lua",
      ["collide2d.tiled"] = "lua/collide2d/tiled.lua",
      ["collide2d.ldtk"] = "lua/collide2d/ldtk.lua",
      ["collide2d.json"] = "lua/collide2d/json.lua",
      ["collide2d.ffi"] = "lua/collide2d/ffi.lua",
      ["collide2d.ffi_decls"] = "lua/collide2d/ffi_decls.lua",
   },
   -- lua-language-server definitions (never loaded): point Lua.workspace.library at this folder
   copy_directories = { "library" },
}
