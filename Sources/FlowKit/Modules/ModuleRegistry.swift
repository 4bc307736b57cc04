/// Every native module, in the order they are installed. Adding a module is one line here.
package enum ModuleRegistry {
    /// The modules every park's Lua state gets, installed in this order.
    package static let all: [any NativeModule] = [
        GeoModule(),
        MapModule(),
        ClusterModule(),
        GeofenceModule(),
        ARModule(),
        StoreModule(),
        BeaconsModule(),
        PartyModule(),
    ]
}
