extension FlowSession {
    /// The runtime's idle work (``FlowRuntime/idle()``): call it when the app has shown its
    /// screens and waits for the visitor, so the next update's runs rarely meet the collector.
    /// - Returns: whether it collected.
    @discardableResult
    public func idle() -> Bool {
        runtime.idle()
    }
}
