-- English: the ar screens' words (lib/i18n.lua; docs/authoring/languages.md).
return {
  ["ar.title"] = "AR view",
  ["ar.allow_location"] = "Allow location to see the sites around you in AR.",
  ["ar.location_off"] = "Location services are off: turn them on to use the AR view.",
  ["ar.waiting"] = "The AR view is waiting for your position.",
  ["ar.waiting_longer"] = "The AR view is waiting for your position. It takes longer under trees and in canyons.",
  ["ar.once_known"] = "The camera shows the sites around you once your position is known (--at LAT,LON --heading DEG).",
  ["ar.point_camera"] = "Point the camera: give the position and the heading, e.g. --at 37.8078,-122.4750 --heading 90 (optionally --pitch, --fov, --size and --arg collection=...).",
  ["ar.more_behind.one"] = "{n} more site in this direction behind the nearer labels.",
  ["ar.more_behind.other"] = "{n} more sites in this direction behind the nearer labels.",
  ["ar.nothing_within"] = "nothing within {distance} this way",
  ["ar.nothing_within_in"] = "{collection}: nothing within {distance} this way",
}
