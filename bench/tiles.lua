-- bench/tiles.lua: a tile layer (c2d.tiles, one shape for a whole map) against
-- the same map as one AABB per solid tile, in a collide2d World and in
-- bump.lua: build time, memory, and 2,000 movers calling move every frame.
--
--   make bench-tiles [LUA=luajit] [BUMP_LUA=/path/to/bump.lua]
--
-- It prints figures; it never passes or fails (an error in one part is
-- printed in its row, and the rest runs on).
--
-- The map: 1,000 x 1,000 tiles of 16 px, caves made before any timing in
-- plain Lua (the same on every runtime: Park and Miller's generator, exact in
-- doubles): noise with 47.5% solid, then 4 rounds of the 4-5 cellular
-- automaton (a tile is solid when 5 or more of the 9 tiles of its 3 x 3 block
-- are; outside the map counts as solid), which leaves about 40% solid. Then
-- the floor edges: a solid tile with empty above and empty on exactly one side
-- becomes a slope rising away from the empty side (empty left: "slope-br",
-- empty right: "slope-bl"). The layer's codes: 0 empty, 1 full, 2 slope-br,
-- 3 slope-bl. The alternatives put one AABB per solid tile, slopes included
-- (a rectangle world has no slopes), so their floors are square where the
-- layer's slope.
--
-- Each part runs alone, in turn (the layer, the AABB World, bump.lua): its
-- build and memory, its moves, then it is dropped, so that no part's moves,
-- and the collector's passes over the heap they cause, run beside another
-- part's hundreds of thousands of objects.
--
-- 1. Build. The layer: the c2d.tiles call alone (the data table exists
--    already), best of 5; also, for reference, from the same codes as a string
--    of one byte per tile. The alternatives: one AABB per solid tile added to
--    c2d.world(CELL) (the shapes made and added, then one query so that
--    nothing is left to file), and to bump.newWorld(BUMP_CELL) (world:add with
--    the tile's index as its item, the leanest item bump.lua takes), best of 3
--    builds. Memory, from the first build: the Lua heap's growth
--    (collectgarbage("count") after full collections) and, on Linux, the
--    growth of the process's resident memory (VmRSS), which also sees the
--    World's C side (malloc'd: collectgarbage does not count it). RSS growth
--    is approximate: memory a part before it freed is reused and not counted
--    (so it can read near 0), which only ever flatters an alternative. The
--    layer is one Lua userdata and allocates nothing else, so its heap growth
--    is exact; an alternative's memory is the larger of its two figures.
-- 2. Moves: MOVERS 16 x 16 boxes placed in empty 2 x 2 blocks of tiles (8 px
--    from any tile, no two sharing a tile), each with a velocity of up to 3 px
--    a frame on each axis. Every frame each mover calls move toward its
--    position plus its velocity (default filter: slide; movers meet movers
--    too) and turns back on an axis where it did not reach the goal. FRAMES
--    frames per run, best of ROUNDS runs, the movers put back at their start
--    before each run; the three worlds see the same movers. After the runs,
--    the movers whose box shrunk by 0.01 px meets a tile are counted (0 when
--    every answer kept them out of the tiles). Through the layer, a move
--    sweeps against a Group of the pieces near the mover's path (the general
--    path); through the AABB World or bump.lua, against nearby rectangles.
--
-- Cells: 32 px for the collide2d Worlds (twice a tile, about a mover),
-- bump.lua's default 64 for bump.lua (TILES_CELL, TILES_BUMP_CELL change
-- them). Frames: 100, ROUNDS 8 (TILES_FRAMES, TILES_ROUNDS change them): a
-- full run, bump.lua included, takes about 50 s of CPU under Lua 5.4 and
-- 35 s under LuaJIT on a 2-core machine (bump.lua's builds and moves and the
-- map are the bulk), inside the two minutes aimed at, so nothing is scaled
-- down. The machine's noise shows: the moves' figures can wander by half from
-- run to run (best-of keeps the least disturbed run).
local ok, c2d = pcall(require, "collide2d")
if not ok then
  print("bench/tiles.lua: cannot load collide2d: " .. tostring(c2d))
  return
end

local clock = os.clock
local N, TILE = 1000, 16             -- columns = rows, tile size in px
local FILL, SMOOTH = 0.475, 4        -- noise density, automaton rounds
local MOVERS, SIZE, SPEED = 2000, 16, 3
local FRAMES = tonumber(os.getenv("TILES_FRAMES") or "") or 100
local ROUNDS = tonumber(os.getenv("TILES_ROUNDS") or "") or 8
-- grid cells: collide2d World, bump.lua
local CELL = tonumber(os.getenv("TILES_CELL") or "") or 32
local BUMP_CELL = tonumber(os.getenv("TILES_BUMP_CELL") or "") or 64
local SEED = 20240601

local runtime = jit and jit.version or _VERSION

-- Park and Miller's generator: every product stays below 2^53, so a double
-- (Lua 5.1-5.2, LuaJIT) computes it exactly, as Lua 5.3-5.4's integers do.
local function lcg(seed)
  local s = seed
  return function()
    s = (s * 16807) % 2147483647
    return s / 2147483647
  end
end

---------------------------------------------------------------- the map
-- A padded grid of (N + 2)^2 cells, border solid, so the automaton reads
-- its 9 cells without bounds tests. Index of (c, r), 0-based with the pad:
-- r * W + c + 1.
local W = N + 2

local function make_map()
  local rand = lcg(SEED)
  local g = {}
  for r = 0, N + 1 do
    for c = 0, N + 1 do
      local v = 1
      if r >= 1 and r <= N and c >= 1 and c <= N then v = rand() < FILL and 1 or 0 end
      g[r * W + c + 1] = v
    end
  end
  local h = {}
  for i = 1, W * W do h[i] = g[i] end -- border of h stays solid
  for _ = 1, SMOOTH do
    for r = 1, N do
      local up, mid, dn = (r - 1) * W + 1, r * W + 1, (r + 1) * W + 1
      for c = 1, N do
        local n = g[up + c - 1] + g[up + c] + g[up + c + 1]
          + g[mid + c - 1] + g[mid + c] + g[mid + c + 1]
          + g[dn + c - 1] + g[dn + c] + g[dn + c + 1]
        h[mid + c] = n >= 5 and 1 or 0
      end
    end
    g, h = h, g
  end
  -- The codes, row after row, and the slopes on floor edges. Outside the map
  -- counts as solid for the slope test too (no slope at the map's sides).
  local data, solid, slopes = {}, 0, 0
  for r = 1, N do
    local mid, up = r * W + 1, (r - 1) * W + 1
    for c = 1, N do
      local code = g[mid + c]
      if code == 1 then
        solid = solid + 1
        if g[up + c] == 0 then
          local left, right = g[mid + c - 1], g[mid + c + 1]
          if left == 0 and right == 1 then code = 2; slopes = slopes + 1
          elseif right == 0 and left == 1 then code = 3; slopes = slopes + 1 end
        end
      end
      data[(r - 1) * N + c] = code
    end
  end
  return data, solid, slopes
end

local KINDS = { [1] = "full", [2] = "slope-br", [3] = "slope-bl" }

-- The movers' starts: MOVERS empty 2 x 2 blocks, none sharing a tile, the
-- box in the middle of its block (8 px from every side).
local function place_movers(data)
  local rand = lcg(SEED + 1)
  local used = {}
  local mx, my, vx, vy = {}, {}, {}, {}
  local tries = 0
  while #mx < MOVERS and tries < 1e7 do
    tries = tries + 1
    local c = 1 + math.floor(rand() * (N - 1)) -- 1 .. N - 1
    local r = 1 + math.floor(rand() * (N - 1))
    local i = (r - 1) * N + c
    if data[i] == 0 and data[i + 1] == 0 and data[i + N] == 0 and data[i + N + 1] == 0
        and not used[i] and not used[i + 1] and not used[i + N] and not used[i + N + 1] then
      used[i], used[i + 1], used[i + N], used[i + N + 1] = true, true, true, true
      local k = #mx + 1
      mx[k], my[k] = (c - 1) * TILE + TILE / 2, (r - 1) * TILE + TILE / 2
      -- whole tenths of a px, so every runtime adds the same doubles
      vx[k] = math.floor((rand() * 2 - 1) * SPEED * 10 + 0.5) / 10
      vy[k] = math.floor((rand() * 2 - 1) * SPEED * 10 + 0.5) / 10
    end
  end
  return { x = mx, y = my, vx = vx, vy = vy }
end

---------------------------------------------------------------- measuring
-- MB here are 2^20 bytes. Three full collections: objects with finalizers
-- (userdata) take two cycles to go.
local function heap_mb()
  collectgarbage("collect")
  collectgarbage("collect")
  collectgarbage("collect")
  return collectgarbage("count") / 1024
end

-- The process's resident memory in MB (Linux), or nil.
local function rss_mb()
  local f = io.open("/proc/self/status", "r")
  if not f then return nil end
  local s = f:read("*a")
  f:close()
  local kb = s:match("VmRSS:%s*(%d+)")
  return kb and tonumber(kb) / 1024 or nil
end

-- Memory now: heap MB, RSS MB (or nil).
local function mem()
  local h = heap_mb()
  return h, rss_mb()
end

local function fmt_mb(x) return x and ("%.1f"):format(x) or "n/a" end
local function fmt_ms(x) return x and ("%.1f"):format(x * 1e3) or "-" end
local function ratio(a, b)
  if not a or not b or b <= 0 then return "-" end
  return ("%.1fx"):format(a / b)
end

-- Run f in pcall; on an error, print it (stderr too) and answer nil.
local unpack = table.unpack or unpack
local function pack(...) return { n = select("#", ...), ... } end
local errors = {}
local function try(what, f, ...)
  local res = pack(pcall(f, ...))
  if not res[1] then
    local msg = tostring(res[2])
    errors[#errors + 1] = what .. ": " .. msg
    io.stderr:write("bench/tiles.lua: ", what, ": ", msg, "\n")
    return nil
  end
  return unpack(res, 2, res.n)
end

---------------------------------------------------------------- builds
-- The layer from data (an array, or a string of one byte per tile): the
-- least time of BUILDS calls of c2d.tiles alone, each layer dropped.
local BUILDS = 5
local function time_layer(data)
  local best = math.huge
  for _ = 1, BUILDS do
    collectgarbage("collect")
    local t0 = clock()
    local layer = c2d.tiles(0, 0, TILE, TILE, N, N, data, KINDS) -- luacheck: ignore 231 (dropped below, before the next collect)
    best = math.min(best, clock() - t0)
    layer = nil
  end
  return best
end

local function build_c2d_world(data)
  local t0 = clock()
  local w = c2d.world(CELL)
  local aabb = c2d.aabb
  for r = 1, N do
    local base, y = (r - 1) * N, (r - 1) * TILE
    for c = 1, N do
      if data[base + c] ~= 0 then w:add(aabb((c - 1) * TILE, y, TILE, TILE)) end
    end
  end
  w:queryRect(0, 0, 1, 1) -- anything left to file is filed now
  return w, clock() - t0
end

local function build_bump_world(bump, data)
  local t0 = clock()
  local w = bump.newWorld(BUMP_CELL)
  for r = 1, N do
    local base, y = (r - 1) * N, (r - 1) * TILE
    for c = 1, N do
      if data[base + c] ~= 0 then w:add(base + c, (c - 1) * TILE, y, TILE, TILE) end
    end
  end
  return w, clock() - t0
end

---------------------------------------------------------------- moves
-- The movers as shapes in a collide2d World; run(frames) moves them and
-- answers the collisions met and the turns taken; sunk() counts the movers
-- whose box, shrunk by SUNK px on each side, meets a tile (a check on the
-- answers: a mover sliding along the tiles never sinks into them).
local SUNK = 0.01

-- run(frames) for the movers (shapes or bump items) of either world: each
-- frame each one moves toward its next position and turns back on the axis
-- it was stopped on; the collisions met and the turns taken.
local function stepper(w, movers, x, y, vx, vy)
  return function(frames)
    local hits, turns, n = 0, 0, #movers
    for _ = 1, frames do
      for i = 1, n do
        local gx, gy = x[i] + vx[i], y[i] + vy[i]
        local nx, ny, _, len = w:move(movers[i], gx, gy)
        if nx ~= gx then vx[i] = -vx[i]; turns = turns + 1 end
        if ny ~= gy then vy[i] = -vy[i]; turns = turns + 1 end
        x[i], y[i] = nx, ny
        hits = hits + len
      end
    end
    return hits, turns
  end
end

local function c2d_movers(w, M)
  local shapes, x, y, vx, vy, mover = {}, {}, {}, {}, {}, {}
  for i = 1, #M.x do
    shapes[i] = w:add(c2d.aabb(M.x[i], M.y[i], SIZE, SIZE))
    mover[shapes[i]] = true
  end
  local function tile(other) return not mover[other] end
  local function sunk()
    local n = 0
    for i = 1, #shapes do
      local px, py = shapes[i]:position()
      if #w:queryRect(px + SUNK, py + SUNK, SIZE - 2 * SUNK, SIZE - 2 * SUNK, tile) > 0 then n = n + 1 end
    end
    return n
  end
  local function reset()
    for i = 1, #M.x do
      shapes[i]:moveTo(M.x[i], M.y[i])
      x[i], y[i], vx[i], vy[i] = M.x[i], M.y[i], M.vx[i], M.vy[i]
    end
  end
  return reset, stepper(w, shapes, x, y, vx, vy), sunk
end

local function bump_movers(w, M)
  local items, x, y, vx, vy = {}, {}, {}, {}, {}
  for i = 1, #M.x do
    items[i] = { mover = i }
    w:add(items[i], M.x[i], M.y[i], SIZE, SIZE)
  end
  local function tile(item) return type(item) == "number" end
  local function sunk()
    local n = 0
    for i = 1, #items do
      local px, py = w:getRect(items[i])
      local _, len = w:queryRect(px + SUNK, py + SUNK, SIZE - 2 * SUNK, SIZE - 2 * SUNK, tile)
      if len > 0 then n = n + 1 end
    end
    return n
  end
  local function reset()
    for i = 1, #M.x do
      w:update(items[i], M.x[i], M.y[i])
      x[i], y[i], vx[i], vy[i] = M.x[i], M.y[i], M.vx[i], M.vy[i]
    end
  end
  return reset, stepper(w, items, x, y, vx, vy), sunk
end

-- Moves in world w (movers made by make): the best ms per frame of ROUNDS
-- runs, collisions and turns per frame (the same every run: the movers
-- start over), and the movers sunk into tiles after the last run. Answers
-- nil and the message on an error.
local function time_moves(w, make, M)
  local okm, res = pcall(function()
    local reset, run, sunk = make(w, M)
    local best, hits, turns = math.huge, 0, 0
    for _ = 1, ROUNDS do
      reset()
      collectgarbage("collect")
      local t0 = clock()
      hits, turns = run(FRAMES)
      best = math.min(best, (clock() - t0) / FRAMES)
    end
    return { best, hits / FRAMES, turns / FRAMES, sunk() }
  end)
  if okm then return res end
  return nil, tostring(res)
end

---------------------------------------------------------------- the run
local t_start = clock()
print(("Tile layer benchmark under %s (collide2d backend: %s): a %d x %d map of %d-px tiles, %d movers of %d x %d px, %d frames (best of %d)")
  :format(runtime, tostring(c2d.backend), N, N, TILE, MOVERS, SIZE, SIZE, FRAMES, ROUNDS))

local t0 = clock()
local data, solid, slopes = make_map()
local M = place_movers(data)
-- The same codes as a string of one byte per tile, for a second timing of
-- the layer's build (made here, before any measuring).
local data_string
do
  local bytes = {}
  for i = 1, N * N do bytes[i] = string.char(data[i]) end
  data_string = table.concat(bytes)
end
print(("Map: %d solid tiles (%.1f%%), %d of them slopes; made in %.1f s (not timed below); %d movers placed")
  :format(solid, 100 * solid / (N * N), slopes, clock() - t0, #M.x))
print()

local bump_path = os.getenv("BUMP_LUA")
local bump, bump_note
if bump_path and bump_path ~= "" then
  local chunk, err = loadfile(bump_path)
  if chunk then
    local okb, lib = pcall(chunk)
    if okb and type(lib) == "table" and lib.newWorld then bump = lib else bump_note = "BUMP_LUA did not load: " .. tostring(lib) end
  else
    bump_note = "BUMP_LUA did not load: " .. tostring(err)
  end
else
  bump_note = "bump.lua skipped (set BUMP_LUA=/path/to/bump.lua to compare)"
end

-- Each part in turn, alone: its build and memory, then its moves, then it is
-- dropped, so that no part's moves (and the collector's passes over the heap
-- they cause) run beside another part's hundreds of thousands of objects.
local mv = {}
local function moves(key, w, make)
  local r, err = time_moves(w, make, M)
  if r then mv[key] = r else
    errors[#errors + 1] = key .. ": move: " .. err
    io.stderr:write("bench/tiles.lua: ", key, ": move: ", err, "\n")
  end
end
-- The least of t and the times of WORLD_BUILDS - 1 more builds, each
-- dropped before the next (run after the first world is gone).
local WORLD_BUILDS = 3
local function rebuild(t, what, build, ...)
  for _ = 2, WORLD_BUILDS do
    mem()
    local w, tb = try(what, build, ...)
    if not w then break end
    w = nil -- luacheck: ignore 311 (dropped so the collector frees it before the next measure)
    t = math.min(t, tb)
  end
  mem()
  return t
end

-- 1. The layer: its memory from one build (the layer is one Lua userdata and
-- allocates nothing else, so the heap's growth is all of it), then the time.
local h0, r0 = mem()
local layer = try("c2d.tiles", c2d.tiles, 0, 0, TILE, TILE, N, N, data, KINDS)
local h1, r1 = mem()
local layer_heap, layer_rss = layer and h1 - h0, layer and r0 and r1 and r1 - r0
local t_layer = layer and try("c2d.tiles", time_layer, data)
local t_layer_s = layer and try("c2d.tiles from a string", time_layer, data_string)
local t_ladd
if layer then
  local lw = c2d.world(CELL)
  local ta = clock()
  if try("w:add(layer)", lw.add, lw, layer) then
    t_ladd = clock() - ta
    moves("layer", lw, c2d_movers)
  end
end
layer = nil -- luacheck: ignore 311 (dropped so the collector frees it before the next measure)
mem()

-- 2. One AABB per solid tile in a collide2d World.
h0, r0 = mem()
local aw, t_aw = try("collide2d World of AABBs", build_c2d_world, data)
h1, r1 = mem()
local aw_heap, aw_rss = aw and h1 - h0, aw and r0 and r1 and r1 - r0
if aw then
  moves("aabbs", aw, c2d_movers)
  aw = nil -- luacheck: ignore 311 (dropped so the collector frees it before the next measure)
  t_aw = rebuild(t_aw, "collide2d World of AABBs", build_c2d_world, data)
end

-- 3. bump.lua.
local t_bw, bw_heap, bw_rss
if bump then
  h0, r0 = mem()
  local bw
  bw, t_bw = try("bump.lua world", build_bump_world, bump, data)
  h1, r1 = mem()
  bw_heap, bw_rss = bw and h1 - h0, bw and r0 and r1 and r1 - r0
  if bw then
    moves("bump", bw, bump_movers)
    bw = nil -- luacheck: ignore 311 (dropped so the collector frees it before the next measure)
    t_bw = rebuild(t_bw, "bump.lua world", build_bump_world, bump, data)
  end
end

-- An alternative's memory: the larger of its heap and RSS growth (RSS sees
-- the World's C side, which collectgarbage does not); the layer's: its heap
-- growth, exact (its RSS growth is the allocator's doing, see the header).
local function mem_of(heap, rss)
  if not heap then return nil end
  if rss and rss > heap then return rss end
  return heap
end
local m_layer, m_aw, m_bw = layer_heap, mem_of(aw_heap, aw_rss), mem_of(bw_heap, bw_rss)

print("| build | ms | Lua heap MB | RSS growth MB | layer's build time less by | layer's memory less by |")
print("|---|---|---|---|---|---|")
print(("| tile layer: c2d.tiles (%d tiles, codes 0-3) | %s | %s | %s | - | - |")
  :format(N * N, fmt_ms(t_layer), fmt_mb(layer_heap), fmt_mb(layer_rss)))
print(("| collide2d World, one AABB per solid tile (%d), cell %d | %s | %s | %s | %s | %s |")
  :format(solid, CELL, fmt_ms(t_aw), fmt_mb(aw_heap), fmt_mb(aw_rss), ratio(t_aw, t_layer), ratio(m_aw, m_layer)))
if bump then
  print(("| bump.lua world, one rect per solid tile (%d), cell %d | %s | %s | %s | %s | %s |")
    :format(solid, BUMP_CELL, fmt_ms(t_bw), fmt_mb(bw_heap), fmt_mb(bw_rss), ratio(t_bw, t_layer), ratio(m_bw, m_layer)))
else
  print(("| bump.lua | - | - | - | - | %s |"):format(bump_note))
end
print(("| (the same layer from a string of one byte per tile | %s | | | %s | |)")
  :format(fmt_ms(t_layer_s), t_layer_s and ("AABB World %s, bump.lua %s"):format(ratio(t_aw, t_layer_s), ratio(t_bw, t_layer_s)) or "-"))
if t_ladd then print(("| (the layer added to a World: w:add(layer) | %.3f | | | | |)"):format(t_ladd * 1e3)) end
print("(memory less by: the alternative's larger of heap and RSS growth, over the layer's heap growth)")
print()

print(("| moves: %d movers, %d frames | ms per frame | µs per move | collisions per frame | turns per frame | movers sunk into tiles | layer's time against it |")
  :format(MOVERS, FRAMES))
print("|---|---|---|---|---|---|---|")
local function mv_row(label, key)
  local r = mv[key]
  if not r then print(("| %s | error or skipped | | | | | |"):format(label)); return end
  local rel = "-"
  if key ~= "layer" and mv.layer then rel = ("%.2fx (%s)"):format(mv.layer[1] / r[1], mv.layer[1] <= r[1] and "layer faster or equal" or "layer slower") end
  print(("| %s | %.2f | %.2f | %.0f | %.0f | %d | %s |"):format(label, r[1] * 1e3, r[1] * 1e6 / MOVERS, r[2], r[3], r[4], rel))
end
mv_row("(a) World holding the one tile layer", "layer")
mv_row("(b) World holding one AABB per solid tile", "aabbs")
if bump then mv_row("(c) bump.lua, one rect per solid tile", "bump") else print(("| (c) bump.lua | %s | | | | | |"):format(bump_note)) end
print("(layer's time against it: layer ms / that ms; below 1 means the layer is faster)")
print()

-- 4. The issue's goals next to the figures.
local function yes(b) if b == nil then return "n/a" end return b and "met" or "NOT met" end
local function le(a, b) if a and b then return a <= b end end
local function tenx(a, b) if a and b then return b >= 10 * a end end
print("| goal (from the issue) | figure | |")
print("|---|---|---|")
print(("| layer build under 50 ms | %s ms | %s |"):format(fmt_ms(t_layer), yes(t_layer and t_layer < 0.05)))
print(("| layer under 4 MB | %s MB | %s |"):format(fmt_mb(m_layer), yes(m_layer and m_layer < 4)))
print(("| 10x less build time than the AABB World | %s | %s |"):format(ratio(t_aw, t_layer), yes(tenx(t_layer, t_aw))))
print(("| 10x less memory than the AABB World | %s | %s |"):format(ratio(m_aw, m_layer), yes(tenx(m_layer, m_aw))))
print(("| 10x less build time than bump.lua | %s | %s |"):format(ratio(t_bw, t_layer), yes(tenx(t_layer, t_bw))))
print(("| 10x less memory than bump.lua | %s | %s |"):format(ratio(m_bw, m_layer), yes(tenx(m_layer, m_bw))))
local la, lb, lc = mv.layer and mv.layer[1], mv.aabbs and mv.aabbs[1], mv.bump and mv.bump[1]
print(("| moves at least as fast as the AABB World | %s | %s |"):format(la and lb and ("%.2f vs %.2f ms"):format(la * 1e3, lb * 1e3) or "-", yes(le(la, lb))))
print(("| moves at least as fast as bump.lua | %s | %s |"):format(la and lc and ("%.2f vs %.2f ms"):format(la * 1e3, lc * 1e3) or "-", yes(le(la, lc))))
if #errors > 0 then
  print()
  print("Errors:")
  for _, e in ipairs(errors) do print("  " .. e) end
end
print()
print(("(whole run %.0f s of CPU)"):format(clock() - t_start))
