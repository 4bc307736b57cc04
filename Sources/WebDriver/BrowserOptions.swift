public import Formats
import Foundation

/// How to start the browser: Debian's chromium, headless, driven by Debian's chromedriver.
public struct BrowserOptions: Sendable, Equatable {
    /// The driver (Debian's chromium-driver).
    public var driver = "/usr/bin/chromedriver"  // default: /usr/bin/chromedriver
    /// The browser itself, not the /usr/bin/chromium launcher script, which adds Debian's
    /// desktop defaults (extensions, GPU rasterisation) a test does not want.
    public var browser = "/usr/lib/chromium/chromium"  // default: /usr/lib/chromium/chromium
    /// The window's size in CSS pixels (the scale factor is pinned to 1, so also in pixels).
    public var width = 1000  // default: 1000
    public var height = 1000  // default: 1000
    /// How long the driver may take to answer `/status` as ready.
    public var startTimeout: Duration = .seconds(20)  // default: 20 s
    /// How long one command may take before it is a transport error.
    public var commandTimeout: Duration = .seconds(60)  // default: 60 s
    /// More browser arguments, after the fixed ones.
    public var extraArguments: [String] = []  // default: none

    public init() {}

    /// Whether the driver and the browser are both installed.
    public var isInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: driver) && FileManager.default.isExecutableFile(atPath: browser)
    }

    /// The browser's arguments for a profile in `profile`.
    public func arguments(profile: String) -> [String] {
        [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--window-size=\(width),\(height)", "--force-device-scale-factor=1",
            "--user-data-dir=\(profile)",
            // Nothing leaves the machine: every host name but the loopback's fails to resolve,
            // and the browser's own background traffic is off.
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-default-apps", "--disable-extensions", "--no-first-run", "--no-default-browser-check",
            "--lang=en-US",
        ] + extraArguments
    }

    /// The capabilities of a new session with a profile in `profile`.
    public func capabilities(profile: String) -> JSONValue {
        [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": .string(browser), "args": .array(arguments(profile: profile).map(JSONValue.string))],
            // Pages and scripts that hang fail a command instead of the whole run.
            "timeouts": ["pageLoad": 30_000, "script": 30_000, "implicit": 0],
            "unhandledPromptBehavior": "dismiss",
        ]
    }
}
