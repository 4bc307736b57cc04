-- Español: the ar screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["ar.title"] = "Vista RA",
  ["ar.allow_location"] = "Permite la ubicación para ver en RA los lugares que te rodean.",
  ["ar.location_off"] = "Los servicios de ubicación están desactivados: actívalos para usar la vista RA.",
  ["ar.waiting"] = "La vista RA está esperando tu posición.",
  ["ar.waiting_longer"] = "La vista RA está esperando tu posición. Tarda más bajo los árboles y en los cañones.",
  ["ar.once_known"] = "La cámara muestra los lugares que te rodean en cuanto se conoce tu posición (--at LAT,LON --heading DEG).",
  ["ar.point_camera"] = "Apunta la cámara: indica la posición y el rumbo, p. ej., --at 37.8078,-122.4750 --heading 90 (y, si quieres, --pitch, --fov, --size y --arg collection=...).",
  ["ar.more_behind.one"] = "{n} lugar más en esta dirección, detrás de las etiquetas más cercanas.",
  ["ar.more_behind.other"] = "{n} lugares más en esta dirección, detrás de las etiquetas más cercanas.",
  ["ar.nothing_within"] = "nada a menos de {distance} en esta dirección",
  ["ar.nothing_within_in"] = "{collection}: nada a menos de {distance} en esta dirección",
}
