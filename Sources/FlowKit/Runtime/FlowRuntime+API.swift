extension FlowRuntime {
    /// The version of what content may rely on: the `ctx` a flow gets, the native modules,
    /// the sandbox and the screen schema. A bundle's manifest names the version its content
    /// needs (`flowrun_api`); this runtime runs content that needs this version or an earlier
    /// one. Raise it when content written for the new runtime would break on an older one.
    public static let apiVersion = 1
}
