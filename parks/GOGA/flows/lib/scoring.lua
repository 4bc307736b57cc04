--- Golden Gate's ranking: the views are why most visitors come, so viewpoints and
--- lighthouses rank as if they were half as far away; the park's `sites.ranking` weights
--- (rating, fee) add to that as they do by default. Without a `reasons` of its own, a ranked
--- site's reasons are the weighed facts (lib.ranking), as by default. Made by
--- `ranking.factored`, so lib.sites ranks it natively however many sites the park has.
return require("lib.ranking").factored({ viewpoint = 0.5, lighthouse = 0.5 })
