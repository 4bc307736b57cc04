-- English: the onboarding screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["onboarding.welcome_to"] = "Welcome to {park}",
  ["onboarding.start"] = "Start exploring",
  ["onboarding.web_pictures_offline"] = "Pictures from the web show their placeholder color until you are online.",
  ["onboarding.subtitle"] = "Welcome",
}
