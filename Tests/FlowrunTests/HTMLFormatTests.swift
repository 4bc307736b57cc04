import Testing

/// `--format html`: the screen as a self-contained page, for any flow.
@Suite struct HTMLFormatTests {
    @Test(arguments: [
        (["--park", "GOGA", "home"], "Visiting Alcatraz"),
        (["--park", "GOGA", "map", "--zoom", "12", "--center", "37.80,-122.46"], "class=\"picture picture-map\""),
        (["--park", "YELL", "onboarding"], "class=\"onboarding\""),
        (["--park", "GOGA", "ar", "--at", "37.8078,-122.4750", "--heading", "90"], "class=\"picture picture-ar\""),
    ])
    func everyFlowPrintsAPage(arguments: [String], mark: String) throws {
        let result = try flowrun(arguments + ["--format", "html"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>\n") && result.stdout.hasSuffix("</html>\n"))
        #expect(result.stdout.contains(mark))
    }
}
