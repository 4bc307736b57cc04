-- Español: the onboarding screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["onboarding.welcome_to"] = "Te damos la bienvenida a {park}",
  ["onboarding.start"] = "Empieza a explorar",
  ["onboarding.web_pictures_offline"] = "Las imágenes de la web muestran su color de fondo hasta que tengas conexión.",
  ["onboarding.subtitle"] = "Bienvenida",
}
