-- hits for every unordered pair of the ten convex kinds, on the hand-worked
-- cases of support/pair_cases (distance_spec asks distance of the same cases).
-- Each case runs both ways round (a:hits(b) and b:hits(a)), as a method and as
-- the module function, and, unless far = false, again with every coordinate
-- moved by (1e6, 1e6), where the answer must not change.
local c2d = require "collide2d"
local common = require "support.common"
local fixtures = require "support.fixtures"
local cases = require "support.pair_cases"

local build = common.build
local E = cases.gap

local function run(c, ox, oy)
  local a, b = build(c[2], ox, oy), build(c[3], ox, oy)
  local want = c[4]
  for pass = 1, 2 do
    local s, t, tag = a, b, "a, b"
    if pass == 2 then s, t, tag = b, a, "b, a" end
    tag = ("%s (%s)"):format(c[1], tag)
    assert.are.equal(want, s:hits(t), tag .. ": method hits")
    assert.are.equal(want, c2d.hits(s, t), tag .. ": c2d.hits")
  end
end

describe("hits", function()
  it("cover all 55 unordered pairs of kinds, each with a hit, a clear miss and a 1e-9 miss", function()
    local seen, kinds = {}, fixtures.kinds
    for _, g in ipairs(cases.groups) do
      local key = g[1] .. "-" .. g[2]
      assert.is_nil(seen[key], "pair listed twice: " .. key)
      seen[key] = g[3]
    end
    local count = 0
    for i = 1, #kinds do
      for j = i, #kinds do
        local list = seen[kinds[i] .. "-" .. kinds[j]]
        assert.is_not_nil(list, "no cases for " .. kinds[i] .. " x " .. kinds[j])
        local hit, miss, gap = false, false, false
        for _, c in ipairs(list) do
          if c[4] then hit = true end
          if not c[4] and c[5] >= 0.1 then miss = true end
          if not c[4] and c[5] == E then gap = true end
        end
        assert.is_true(hit and miss and gap, kinds[i] .. " x " .. kinds[j] .. " lacks a hit, a miss or a 1e-9 gap")
        count = count + 1
      end
    end
    assert.are.equal(55, count)
    assert.are.equal(55, #cases.groups)
  end)

  for _, g in ipairs(cases.groups) do
    describe(g[1] .. " x " .. g[2], function()
      -- (at the origin, first: the case's shapes are of the group's kinds)
      common.each_case(it, g[3], run, function(c)
        local ok, ka, kb = cases.of_group(g, c)
        assert.is_true(ok, "case shapes are " .. ka .. " and " .. kb)
      end)
    end)
  end
end)
