-- Español: the favorites screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["favorites.title"] = "Favoritos",
  ["favorites.count"] = "Favoritos ({count})",
  ["favorites.none"] = "Aún no hay favoritos: abre un lugar y elige \"Añadir a favoritos\".",
  ["favorites.added"] = "{site} se añadió a tus favoritos.",
  ["favorites.already"] = "{site} ya es uno de tus favoritos.",
  ["favorites.removed"] = "{site} se quitó de tus favoritos.",
  ["favorites.not_one"] = "{site} no era uno de tus favoritos.",
  ["favorites.no_longer_listed"] = "Ya no figura en {park}",
  ["favorites.tap_to_remove"] = "Toca un favorito para quitarlo.",
  ["favorites.done"] = "Listo",
  ["favorites.edit"] = "Editar favoritos",
  ["favorites.browse"] = "Explorar lugares",
}
