/// An action script whose second step fails (it pops a node that is not there), for the
/// tests of what each command makes of a failing step: `validate` names it, `timeline`
/// prints what ran, `animate` draws the failure as a frame of its own.
public enum BrokenScript {
    public static let text = """
        {"navviz": 1, "title": "A deep link that breaks",
         "initial": {"id": "tabs", "kind": "tabs", "active": "home", "children": [
           {"id": "home", "kind": "stack", "active": "feed", "children": [{"id": "feed"}]},
           {"id": "chats", "kind": "stack"}]},
         "steps": [
           {"label": "open chats", "actions": [{"activate": "chats"}]},
           {"label": "open chat 7", "actions": [{"push": {"id": "chat", "context": {"chatId": 7}}, "into": "chats"}, {"pop": "ghost"}]},
           {"label": "never", "actions": [{"pop": "chat"}]}]}
        """

    /// Why it stops.
    public static let failure = "steps[1] ('open chat 7') actions[1] (pop): no node 'ghost' in the tree; the step was not applied"
}
