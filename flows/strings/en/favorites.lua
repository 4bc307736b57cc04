-- English: the favorites screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["favorites.title"] = "Favorites",
  ["favorites.count"] = "Favorites ({count})",
  ["favorites.none"] = "No favorites yet: open a site and choose \"Add to favorites\".",
  ["favorites.added"] = "Added {site} to your favorites.",
  ["favorites.already"] = "{site} is one of your favorites already.",
  ["favorites.removed"] = "Removed {site} from your favorites.",
  ["favorites.not_one"] = "{site} was not one of your favorites.",
  ["favorites.no_longer_listed"] = "No longer listed in {park}",
  ["favorites.tap_to_remove"] = "Tap a favorite to remove it.",
  ["favorites.done"] = "Done",
  ["favorites.edit"] = "Edit favorites",
  ["favorites.browse"] = "Browse sites",
}
