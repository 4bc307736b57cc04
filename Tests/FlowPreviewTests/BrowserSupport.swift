import Foundation
import Testing
import WebDriver

/// The suites that drive a real chromium. They run one at a time under this one suite,
/// which starts a single headless chromium for all of them (``BrowserScope``): at most one
/// browser runs at a time, and it is always ended, whatever the tests did.
@Suite(.serialized, .enabled(if: Browser.options.isInstalled, Browser.missing), .browser, .timeLimit(.minutes(2)))
struct InBrowser {}

/// The browser the suites share.
enum Browser {
    /// Debian's chromium and chromedriver, in a window big enough for the page's controls
    /// beside a 430×932 frame (the window's height includes the browser's own bar).
    static let options: BrowserOptions = {
        var options = BrowserOptions()
        (options.width, options.height) = (1000, 1200)
        return options
    }()

    /// Why the suites are skipped when the browser is not installed.
    static let missing: Comment = "chromium and chromium-driver are not installed (bin/test installs them with apt)"

    /// The session of the suite running now.
    @TaskLocal static var session: WebDriverSession?

    /// The session, or a test failure saying the suite has none.
    static func current() throws -> WebDriverSession {
        try #require(session, "no browser: run the test inside the InBrowser suite")
    }
}

/// Starts chromium once around the whole suite it is put on, and ends it after.
struct BrowserScope: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await WebDriver.withSession(Browser.options) { session in
            try await Browser.$session.withValue(session) { try await function() }
        }
    }
}

extension Trait where Self == BrowserScope {
    /// One chromium for the suite and the suites in it.
    static var browser: Self { BrowserScope() }
}
