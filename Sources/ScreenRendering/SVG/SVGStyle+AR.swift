extension SVGStyle {
    /// How the SVG camera overlay looks: a dark sky over dark ground, so the light
    /// labels read as they would over a camera picture.
    enum AR {
        static let skyTop = "#08121C"  // the top of the picture
        static let skyHorizon = "#2D4B63"  // the sky just above the horizon
        static let groundHorizon = "#3B4231"  // the ground just below it
        static let groundBottom = "#11140D"  // the bottom of the picture
        static let horizon = "#A9C1D3"  // the horizon line
        static let strip = "#000000"  // behind the compass strip, the hints and the caption
        static let stripOpacity = "0.5"
        static let tick = "#E8EEF2"  // compass ticks and letters
        static let accent = "#FFB000"  // site dots and the heading marker
        static let leader = "#FFFFFF"  // from a site to its label
        static let label = "#FFFFFF"  // behind a label's text
        static let labelOpacity = "0.94"
        static let lightInk = "#F4F7F9"  // text on the dark panels

        static let stripHeight = 34.0  // the compass strip along the top
        static let minorTick = 15.0  // degrees between unlabelled ticks
        static let dotRadius = 5.0  // a site's dot
        static let labelPadding = 7.0  // from a label box's left edge to its text
        static let titleSize = 11.5  // a label's title …
        static let detailSize = 9.5  // … and its distance line
        static let hintHeight = 38.0  // an off-screen hint's pill
        static let hintGap = 8.0  // between hints on the same edge
        static let hintMaxCharacters = 24
        static let fallbackFieldOfView = 60.0  // used when the camera's is unusable
    }
}
