print("flowrun")
