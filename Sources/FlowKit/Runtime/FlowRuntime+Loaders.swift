import LuaKit

extension FlowRuntime {
    /// The native functions the runner calls for `ctx.sites`, `ctx.park` and `ctx.parks`. Each
    /// builds its table on first use and shares it read-only with every later run; the
    /// functions themselves are made once too, since a run's throwaway closures (a Swift box
    /// and a finalized userdata each) were garbage the collector met in later runs.
    struct Loaders {
        var sites: LuaFunctionRef
        var park: LuaFunctionRef
        var parks: LuaFunctionRef
    }

    /// The loaders, made by the first run.
    var loaders: Loaders {
        if let madeLoaders { return madeLoaders }
        let made = Loaders(
            sites: lua.function("sites") { [unowned self] call in
                do {
                    call.push(try self.moduleContext.sitesList())
                } catch let error as FlowError {
                    throw LuaCallError(error.description)
                }
            },
            // Pushing the park's configuration anew was a tenth of a warm home.
            park: lua.function("park") { [unowned self] call in
                if let table = self.parkTable {
                    call.push(table)
                } else {
                    self.parkTable = call.pushReadOnly(FlowContext.park(self.park), message: Self.readOnlyParkMessage)
                }
            },
            parks: lua.function("parks") { [unowned self] call in
                if let table = self.parksTable {
                    call.push(table)
                } else {
                    self.parksTable = call.pushReadOnly(
                        ParkDirectory.table(root: self.root, current: self.park), message: Self.readOnlyParksMessage)
                }
            })
        madeLoaders = made
        return made
    }
}
