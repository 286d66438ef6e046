app_name = "arbitration"

urlpatterns: list = []
