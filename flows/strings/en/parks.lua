-- English: the parks screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["parks.title"] = "Parks",
  ["parks.elsewhere"] = "Elsewhere",
  ["parks.current"] = "current",
  ["parks.open"] = "Open {park}",
  ["parks.nearest_first_from"] = "Nearest first from {position} (to each park's center).",
  ["parks.by_name"] = "By name",
  ["parks.by_state"] = "By state",
  ["parks.all"] = "All parks",
  ["parks.no_match"] = "No park's name or state has \"{q}\".",
  ["parks.none_published"] = "No parks are published yet.",
  ["parks.matching"] = "Parks matching \"{q}\"",
  ["parks.list_count"] = "{title} ({count})",
}
