import FlowKit
import FlowStore
import Foundation
import Testing

/// `store`'s pins and their photos from Lua, on a real database file.
@Suite struct PinsTests {
    @Test func addReadListAndRemove() throws {
        let f = try StoreFixture()
        #expect(f.act("return store.add_pin{lat = 37.8078, lon = -122.475, title = 'Picnic spot', note = 'Bring\\na blanket'}").title == "1")
        #expect(f.act("return store.add_pin{lat = 37.81, lon = -122.47}").title == "2")
        let one = "local p = store.pin(1) return table.concat({p.id, p.park, p.lat, p.lon, p.title, p.note, p.created, #p.photos}, '|')"
        #expect(f.run(one).title == "1|GOGA|37.8078|-122.475|Picnic spot|Bring\na blanket|\(fixedStamp)|0")
        let ids = "local t = {} for _, p in ipairs(store.pins()) do t[#t + 1] = p.id .. ':' .. tostring(p.title) end return table.concat(t, ' ')"
        #expect(f.run(ids).title == "2:nil 1:Picnic spot")
        #expect(f.run("return tostring(store.pin(99))").title == "nil")
        // Per park: another park's pin is not there for YELL, unless read across parks on purpose.
        #expect(f.run("return tostring(store.pin(1))", park: "YELL").title == "nil")
        #expect(f.run("return #store.pins() .. ' ' .. #store.pins{park = '*'}", park: "YELL").title == "0 2")
        #expect(f.act("return tostring(store.remove_pin(1))", park: "YELL").title == "false")
        #expect(f.act("return tostring(store.remove_pin(1))").title == "true")
        // A removed pin's id is never given again: ids travel in act args.
        #expect(f.act("return store.add_pin{lat = 0, lon = 0}").title == "3")
    }

    @Test func positionsAndTextsAreChecked() throws {
        let f = try StoreFixture()
        let cases: [(String, String)] = [
            ("{lat = 137.8, lon = 0}", "lat: 137.8 out of range [-90, 90]"),
            ("{lat = 0, lon = -180.5}", "lon: -180.5 out of range [-180, 180]"),
            ("{lat = 0/0, lon = 0}", "lat: nan out of range [-90, 90]"),
            ("{lat = '37.8', lon = 0}", "lat: expected a number, got string"),
            ("{lon = 0}", "lat: expected a number, got nil"),
            ("{lat = 0, lon = 0, titel = 'x'}", "unknown field 'titel'; a pin has lat, lon, title, note"),
            ("{lat = 0, lon = 0, title = ('x'):rep(201)}", "title: 201 characters, more than the 200 a pin's title may have"),
            ("{lat = 0, lon = 0, title = 'a\\nb'}", "title: control character U+A is not allowed"),
            ("{lat = 0, lon = 0, note = 5}", "note: expected a string, got number"),
        ]
        for (table, message) in cases {
            #expect(f.act("store.add_pin\(table)").firstLine == "probe:1: bad argument #1 to 'add_pin' (\(message))", "\(table)")
        }
        #expect(f.run("return #store.pins()").title == "0")
    }

    @Test func photosAreFileReferencesOfImageType() throws {
        let f = try StoreFixture()
        _ = f.act("store.add_pin{lat = 37.8, lon = -122.4}")
        #expect(f.act("return tostring(store.add_photo(1, '2026/ferry.JPG'))").title == "true")
        #expect(f.act("return tostring(store.add_photo(1, '2026/ferry.JPG'))").title == "false")
        #expect(f.act("return tostring(store.add_photo(1, 'b.webp'))").title == "true")
        #expect(
            f.run("local p = store.pin(1) return p.photos[1].file .. ' ' .. p.photos[2].file .. ' ' .. p.photos[2].added").title
                == "2026/ferry.JPG b.webp \(fixedStamp)")
        let refused: [(String, String)] = [
            ("'../secret.jpg'", "'../secret.jpg': '..', '.' and empty parts are not allowed; give a name relative to the profile's photos/ folder"),
            ("'/etc/x.png'", "'/etc/x.png' is an absolute path; give a name relative to the profile's photos/ folder"),
            ("'a//b.png'", "'a//b.png': '..', '.' and empty parts are not allowed; give a name relative to the profile's photos/ folder"),
            ("'x.gif'", "'x.gif' is not a photo: expected a name ending in .jpg, .jpeg, .png, .heic or .webp"),
            ("'.jpg'", "'.jpg' is not a photo: expected a name ending in .jpg, .jpeg, .png, .heic or .webp"),
            ("''", "the file name is empty"),
            ("('x'):rep(252) .. '.jpg'", "the file name has 256 characters, more than the 255 allowed"),
        ]
        for (name, message) in refused {
            #expect(f.act("store.add_photo(1, \(name))").firstLine == "probe:1: bad argument #2 to 'add_photo' (\(message))", "\(name)")
        }
        #expect(f.act("store.add_photo(7, 'a.jpg')").firstLine == "probe:1: bad argument #1 to 'add_photo' (the park has no pin 7)")
        #expect(f.act("store.add_photo(1, 'a.jpg')", park: "YELL").firstLine == "probe:1: bad argument #1 to 'add_photo' (the park has no pin 1)")
    }

    @Test func aPhotoFileThatIsThereIsCheckedForTypeAndSize() throws {
        let f = try StoreFixture()
        let photos = URL(fileURLWithPath: f.profile.photosPath)
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0, count: 60)).write(to: photos.appendingPathComponent("real.jpg"))
        try Data("GIF89a, not a PNG".utf8).write(to: photos.appendingPathComponent("fake.png"))
        try Data([0x89] + Array("PNG\r\n\u{1A}\n".utf8) + [UInt8](repeating: 1, count: 200)).write(to: photos.appendingPathComponent("big.png"))
        var limits = StoreLimits()
        limits.photoBytes = 100
        _ = f.act("store.add_pin{lat = 37.8, lon = -122.4}", limits: limits)
        #expect(f.act("return tostring(store.add_photo(1, 'real.jpg'))", limits: limits).title == "true")
        #expect(
            f.act("store.add_photo(1, 'fake.png')", limits: limits).firstLine
                == "probe:1: bad argument #2 to 'add_photo' (photos/fake.png is not a PNG image (its first bytes say otherwise))")
        #expect(
            f.act("store.add_photo(1, 'big.png')", limits: limits).firstLine
                == "probe:1: bad argument #2 to 'add_photo' (photos/big.png is 208 bytes, more than the 100 a photo may have)")
    }

    @Test func photosPerPinAreLimited() throws {
        let f = try StoreFixture()
        var limits = StoreLimits()
        limits.photosPerPin = 2
        _ = f.act("store.add_pin{lat = 37.8, lon = -122.4}", limits: limits)
        #expect(f.act("store.add_photo(1, 'a.jpg') store.add_photo(1, 'b.jpg') return 'ok'", limits: limits).title == "ok")
        #expect(
            f.act("store.add_photo(1, 'c.jpg')", limits: limits).firstLine
                == "probe:1: store.add_photo: pin 1 has 2 photos, the most a pin keeps (StoreLimits.photosPerPin)")
        // The file it has already is no new photo.
        #expect(f.act("return tostring(store.add_photo(1, 'a.jpg'))", limits: limits).title == "false")
    }
}
