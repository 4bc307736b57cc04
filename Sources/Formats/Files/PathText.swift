/// Paths as text, split and joined at slashes as `NSString`'s path methods did, without
/// Foundation's Objective-C string bridge (FileReader's `standardPath` makes one absolute).
public enum PathText {
    /// The folder part of `path`: `a/b.lua` → `a`, `b.lua` → `` (empty), `/b` → `/`; a
    /// trailing slash is not a part (`a/b/` → `a`).
    public static func folder(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        if slash == text.startIndex { return "/" }
        var folder = text[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// The last part of `path`: `a/b.lua` → `b.lua`, `a/b/` → `b`, `/` → `/`.
    public static func lastComponent(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard text != "/", let slash = text.lastIndex(of: "/") else { return String(text) }
        return String(text[text.index(after: slash)...])
    }

    /// `name` inside `folder` with one slash between: `a` + `b.lua` → `a/b.lua`, `` + `b` → `b`.
    public static func joined(_ folder: String, _ name: String) -> String {
        guard !folder.isEmpty else { return name }
        guard !name.isEmpty else { return folder }
        return (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + (name.hasPrefix("/") ? String(name.dropFirst()) : name)
    }
}
