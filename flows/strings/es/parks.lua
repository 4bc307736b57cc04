-- Español: the parks screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["parks.title"] = "Parques",
  ["parks.elsewhere"] = "Otros lugares",
  ["parks.current"] = "actual",
  ["parks.open"] = "Abrir {park}",
  ["parks.nearest_first_from"] = "Primero los más cercanos a {position} (al centro de cada parque).",
  ["parks.by_name"] = "Por nombre",
  ["parks.by_state"] = "Por estado",
  ["parks.all"] = "Todos los parques",
  ["parks.no_match"] = "Ningún parque tiene \"{q}\" en su nombre o estado.",
  ["parks.none_published"] = "Todavía no se han publicado parques.",
  ["parks.matching"] = "Parques con \"{q}\"",
  ["parks.list_count"] = "{title} ({count})",
}
